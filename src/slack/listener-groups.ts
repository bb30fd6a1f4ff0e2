/**
 * One Bolt listener per kind for the actions, views, shortcuts and events of every feature. Bolt 5
 * runs every registered listener's chain (its kind filter and constraint matcher) for each request,
 * matching or not, so each listener costs every command and button press some CPU (measured: with
 * 37 listeners a `/radar help` cost Radar's process ~0.58 ms of CPU, with one per kind ~0.4).
 * So features register through the app's groups, `listenerGroups(app).action(id, listener)` as with
 * `app.action`, and `createSlackApp` then calls `register()` once, which puts one `app.action` (and
 * one `app.view`, `app.shortcut`, `app.event`) on the app: its constraint is one RegExp of every id
 * of that kind (Bolt's own matching, with Bolt's constraint keys: `view_submission` only for views),
 * and it runs the listener registered for the id that came. An id registered twice refuses to start.
 */
import type {
  App,
  Middleware,
  SlackAction,
  SlackActionMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackShortcut,
  SlackShortcutMiddlewareArgs,
  SlackViewAction,
  SlackViewMiddlewareArgs,
} from '@slack/bolt';

type Erased = (args: never) => Promise<void>;

interface Entry {
  /** The id as registered: a string matches exactly, a RegExp as Bolt matches it. */
  id: string | RegExp;
  listener: Erased;
}

const escape = (id: string) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One RegExp matching each entry's id as Bolt would match it alone. */
export function groupConstraint(ids: readonly (string | RegExp)[]): RegExp {
  return new RegExp(ids.map((id) => (typeof id === 'string' ? `^${escape(id)}$` : `(?:${id.source})`)).join('|'));
}

function group(kind: string, register: (constraint: RegExp, run: (id: string, args: never) => Promise<void>) => void) {
  const entries: Entry[] = [];
  const exact = new Map<string, Erased>();
  return {
    add(id: string | RegExp, listener: Erased) {
      if (typeof id === 'string') {
        if (exact.has(id)) throw new Error(`the ${kind} ${id} is registered twice`);
        exact.set(id, listener);
      }
      entries.push({ id, listener });
    },
    register() {
      if (entries.length === 0) return;
      const patterns = entries.filter((e): e is Entry & { id: RegExp } => typeof e.id !== 'string');
      register(
        groupConstraint(entries.map((e) => e.id)),
        // The listener for the id: the exact id first, else the first pattern that matches it.
        async (id, args) => {
          await (exact.get(id) ?? patterns.find((e) => e.id.test(id))?.listener)?.(args);
        },
      );
    },
  };
}

export interface ListenerGroups {
  action<A extends SlackAction = SlackAction>(actionId: string | RegExp, listener: Middleware<SlackActionMiddlewareArgs<A>>): void;
  view<V extends SlackViewAction = SlackViewAction>(callbackId: string, listener: Middleware<SlackViewMiddlewareArgs<V>>): void;
  shortcut<S extends SlackShortcut = SlackShortcut>(callbackId: string, listener: Middleware<SlackShortcutMiddlewareArgs<S>>): void;
  event<E extends string>(type: E, listener: Middleware<SlackEventMiddlewareArgs<E>>): void;
  /** Registers one Bolt listener for each kind that has any; once, after every feature registered. */
  register(): void;
}

const groupsOf = new WeakMap<App, ListenerGroups>();

/** The app's groups (one set per app): features add to them, `createSlackApp` registers them. */
export function listenerGroups(app: App): ListenerGroups {
  const known = groupsOf.get(app);
  if (known) return known;
  const actions = group('action', (constraint, run) =>
    app.action(constraint, async (args) => {
      await run('action_id' in args.action ? args.action.action_id : '', args as never);
    }),
  );
  const views = group('view', (constraint, run) =>
    app.view(constraint, async (args) => {
      await run(args.view.callback_id, args as never);
    }),
  );
  const shortcuts = group('shortcut', (constraint, run) =>
    app.shortcut(constraint, async (args) => {
      await run(args.shortcut.callback_id, args as never);
    }),
  );
  const events = group('event', (constraint, run) =>
    app.event(constraint, async (args) => {
      await run(args.event.type, args as never);
    }),
  );
  let registered = false;
  const open = () => {
    if (registered) throw new Error('a listener was added after the listener groups were registered');
  };
  const groups: ListenerGroups = {
    action: (id, listener) => (open(), actions.add(id, listener as Erased)),
    view: (id, listener) => (open(), views.add(id, listener as Erased)),
    shortcut: (id, listener) => (open(), shortcuts.add(id, listener as Erased)),
    event: (type, listener) => (open(), events.add(type, listener as Erased)),
    register() {
      open();
      registered = true;
      actions.register();
      views.register();
      shortcuts.register();
      events.register();
    },
  };
  groupsOf.set(app, groups);
  return groups;
}
