/**
 * Fake Bolt listener arguments, as the Bolt TypeScript starter's listener tests build them
 * (slack-samples/bolt-ts-starter-template, tests/helpers.ts: mocked `ack`, `say`, `respond`, `logger`
 * cast to `AllMiddlewareArgs & SlackCommandMiddlewareArgs`): call a listener directly (no receiver, no
 * HTTP, no signature) and assert on the recorded calls. Unlike the starter's module-level mocks, each
 * call here builds fresh ones, so concurrent listeners (the fuzz sends ten at a time) never share them.
 *
 *   const args = commandArgs('pricing --project northwind');
 *   await listener(args);
 *   expect(args.ack).toHaveBeenCalledTimes(1);
 *   const reply = args.replies()[0];                     // the answer (in the ack, or to `respond`)
 *   args.clientCalls('chat.postMessage');                // what went to the Web API
 *
 * `client` records every Web API method called on it (`client.chat.postMessage(…)`, any depth) and
 * answers `{ ok: true }` unless `clientAnswers[method]` says otherwise. For the whole stack (the
 * signature, the receiver, fair use, Slack's real answers) use radar-harness.ts instead.
 *
 * `listenersOf(register)` runs a `register(app)` function against a fake `app` that records each
 * `app.command(name, ...listeners)`, `app.action`, `app.view`, ... call, so the listener Radar
 * registers is the one tested.
 */
import { vi, type Mock } from 'vitest';
import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { API_APP_ID, CHANNELS, TEAM, USERS } from './slack-fixtures.js';

export interface ClientCall {
  method: string;
  args: Record<string, unknown>;
}

/** A WebClient stand-in: every `client.a.b(args)` is recorded as `{ method: 'a.b', args }`. */
export function fakeClient(answers: Record<string, (args: Record<string, unknown>) => unknown> = {}) {
  const calls: ClientCall[] = [];
  const node = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? node([...path, key]) : undefined),
      apply: async (_target, _this, argList: unknown[]) => {
        const method = path.join('.');
        const args = (argList[0] ?? {}) as Record<string, unknown>;
        calls.push({ method, args });
        const answer = answers[method];
        return answer ? answer(args) : { ok: true };
      },
    });
  return { client: node([]) as AllMiddlewareArgs['client'], calls };
}

export function fakeLogger(): AllMiddlewareArgs['logger'] {
  return {
    debug: vi.fn(),
    info: vi.fn(),
    warn: vi.fn(),
    error: vi.fn(),
    setLevel: vi.fn(),
    getLevel: vi.fn(() => 'info'),
    setName: vi.fn(),
  } as unknown as AllMiddlewareArgs['logger'];
}

export interface CommandArgsOptions {
  user?: string;
  userName?: string;
  channel?: string;
  team?: string;
  triggerId?: string;
  /** Answers of the fake client, by method name (default `{ ok: true }`). */
  clientAnswers?: Record<string, (args: Record<string, unknown>) => unknown>;
}

let sequence = 0;

/** The arguments Bolt hands a `/radar` listener, with `ack`, `respond`, `say` and `client` recording their calls. */
export function commandArgs(text: string, options: CommandArgsOptions = {}) {
  sequence += 1;
  const team = options.team ?? TEAM.id;
  const user = options.user ?? USERS.alice;
  const channel = options.channel ?? CHANNELS.general;
  const command = {
    token: 'verification-token-unused',
    command: '/radar',
    text,
    team_id: team,
    team_domain: TEAM.domain,
    channel_id: channel,
    channel_name: 'general',
    user_id: user,
    user_name: options.userName ?? 'alice',
    api_app_id: API_APP_ID,
    response_url: `https://hooks.slack.com/commands/${team}/${sequence}/fake`,
    trigger_id: options.triggerId ?? `trigger-${sequence}`,
    is_enterprise_install: 'false',
  };
  const { client, calls } = fakeClient(options.clientAnswers);
  const ack: Mock = vi.fn(async () => {});
  const respond: Mock = vi.fn(async () => ({}));
  const say: Mock = vi.fn(async () => ({ ok: true }));
  const args = {
    command,
    payload: command,
    body: command,
    ack,
    respond,
    say,
    client,
    logger: fakeLogger(),
    context: { teamId: team, userId: user, botToken: 'xoxb-fake', botUserId: 'U0RADARBOT', isEnterpriseInstall: false, retryNum: undefined, retryReason: undefined },
    next: vi.fn(async () => {}),
    /** Every answer, in order: a message carried by the ack (Slack shows it as it shows a `respond`), then each payload sent to `respond`. */
    replies: () =>
      [...ack.mock.calls, ...respond.mock.calls]
        .filter((c) => c[0] !== undefined)
        .map((c) => (typeof c[0] === 'string' ? { text: c[0] } : (c[0] as Record<string, unknown>))),
    /** Web API calls made through `client`, optionally of one method. */
    clientCalls: (method?: string) => (method ? calls.filter((c) => c.method === method) : calls),
  };
  return args;
}

export type FakeCommandArgs = ReturnType<typeof commandArgs>;

/** The fake args as the listener's parameter type (what Bolt would pass). */
export function asBoltArgs(args: FakeCommandArgs): SlackCommandMiddlewareArgs & AllMiddlewareArgs {
  return args as unknown as SlackCommandMiddlewareArgs & AllMiddlewareArgs;
}

type Listener = (args: never) => unknown;

/** What a `register(app)` function registered, recorded by a fake `app`. */
export interface RecordedApp {
  app: App;
  /** The listeners of `app.command(name, ...listeners)`, by name. */
  commands: Map<string, Listener[]>;
  /** Every registration, in order: `{ kind: 'action', constraint, listeners }`. */
  registrations: { kind: string; constraint: unknown; listeners: Listener[] }[];
}

/** A fake Bolt `app` that records each registration (`command`, `action`, `view`, `options`, `shortcut`, `event`, `message`, `use`, `error`). */
export function recordingApp(): RecordedApp {
  const commands = new Map<string, Listener[]>();
  const registrations: RecordedApp['registrations'] = [];
  const record =
    (kind: string) =>
    (constraint: unknown, ...listeners: Listener[]) => {
      registrations.push({ kind, constraint, listeners });
      if (kind === 'command' && typeof constraint === 'string') commands.set(constraint, listeners);
    };
  const app = Object.fromEntries(['command', 'action', 'view', 'options', 'shortcut', 'event', 'message', 'use', 'error', 'function'].map((k) => [k, record(k)]));
  return { app: app as unknown as App, commands, registrations };
}

/** Runs a command's listeners as Bolt would: each gets the args (middleware listeners call `next`). */
export async function runCommandListeners(listeners: Listener[], args: FakeCommandArgs): Promise<void> {
  for (const listener of listeners) await (listener as (a: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => unknown)(asBoltArgs(args));
}
