/**
 * Direct messages waiting for one person (issue 31): what Radar has to tell them that is not sent
 * yet, because it arrived together with more (sent as one message at the end of the round) or during
 * their quiet hours (held, sent as one message after). Each event is queued once (the notifier claims
 * it first); `take` empties the record atomically, so two replicas never send the same item.
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';
import { personKey } from './follows.js';

export const NOTIFY_OUTBOX_NAMESPACE = 'notify-outbox';

export interface PendingNotice {
  /** The event's key (one per event and person). */
  key: string;
  /** `assigned`, `comments`, `changes`: which setting lets it through. */
  kind: string;
  projectName: string;
  /** One mrkdwn line, service and user strings escaped. */
  line: string;
  /** When it was queued (ISO 8601). */
  at: string;
}

export interface Outbox {
  teamId: string;
  userId: string;
  items: PendingNotice[];
  /** Set when a round passed the person over for their quiet hours: what is sent next was held. */
  heldSince: string | null;
}

const itemSchema = z.looseObject({ key: z.string(), kind: z.string(), projectName: z.string(), line: z.string(), at: z.string() });
const outboxSchema = z.looseObject({
  teamId: z.string(),
  userId: z.string(),
  items: z.array(itemSchema).default([]),
  heldSince: z.string().nullable().default(null),
});

/** Items kept per person; older ones are dropped beyond it (said in the message). */
export const OUTBOX_MAX = 200;

export interface OutboxRepo {
  /** Appends items (by key, never twice). */
  add(teamId: string, userId: string, items: readonly PendingNotice[]): Promise<void>;
  /** Marks the outbox held (a quiet-hours round passed it over), keeping the first mark. */
  markHeld(teamId: string, userId: string, at: Date): Promise<void>;
  /** Empties the outbox atomically and resolves what it held (null when there was nothing). */
  take(teamId: string, userId: string): Promise<Outbox | null>;
  listAll(): Promise<Outbox[]>;
}

export function createOutboxRepo(store: Store): OutboxRepo {
  const records = recordReader(store, NOTIFY_OUTBOX_NAMESPACE, outboxSchema);
  return {
    async add(teamId, userId, items) {
      if (items.length === 0) return;
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box: Outbox = records.parse(key, current) ?? { teamId, userId, items: [], heldSince: null };
        const known = new Set(box.items.map((i) => i.key));
        const next = [...box.items, ...items.filter((i) => !known.has(i.key))];
        return { ...box, items: next.slice(-OUTBOX_MAX) };
      });
    },
    async markHeld(teamId, userId, at) {
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        if (!box || box.items.length === 0 || box.heldSince !== null) return undefined;
        return { ...box, heldSince: at.toISOString() };
      });
    },
    async take(teamId, userId) {
      const key = personKey(teamId, userId);
      let taken: Outbox | null = null;
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        taken = box && box.items.length > 0 ? box : null;
        return current === undefined ? undefined : null;
      });
      return taken;
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
  };
}
