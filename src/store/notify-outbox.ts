/**
 * Direct messages waiting for one person (issue 31): what Radar has to tell them that is not sent
 * yet, because it arrived together with more (sent as one message at the end of the round) or during
 * their quiet hours (held, sent as one message after). Each event is queued once (the notifier claims
 * it first). Sending is in two steps so nothing is lost in a crash: `seal` moves what waits into one
 * named batch (`sending`; every replica that seals meanwhile gets the same batch), and `settle` drops
 * that batch only once its message is known to be in Slack (the notifier's claim ledger decides).
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

/** What is being sent as one message: its name (the ledger's key and the message's metadata), items, held mark. */
export interface SealedBatch {
  batch: string;
  items: PendingNotice[];
  heldSince: string | null;
  sealedAt: string;
}

export interface Outbox {
  teamId: string;
  userId: string;
  items: PendingNotice[];
  /** Set when a round passed the person over for their quiet hours: what is sent next was held. */
  heldSince: string | null;
  /** The batch being sent, until it is known to be delivered (null: none). */
  sending: SealedBatch | null;
}

const itemSchema = z.looseObject({ key: z.string(), kind: z.string(), projectName: z.string(), line: z.string(), at: z.string() });
const outboxSchema = z.looseObject({
  teamId: z.string(),
  userId: z.string(),
  items: z.array(itemSchema).default([]),
  heldSince: z.string().nullable().default(null),
  sending: z
    .looseObject({ batch: z.string(), items: z.array(itemSchema), heldSince: z.string().nullable().default(null), sealedAt: z.string() })
    .nullable()
    .default(null),
});

/** Items kept per person; older ones are dropped beyond it (said in the message). */
export const OUTBOX_MAX = 200;

export interface OutboxRepo {
  /** Appends items (by key, never twice). */
  add(teamId: string, userId: string, items: readonly PendingNotice[]): Promise<void>;
  /** Marks the outbox held (a quiet-hours round passed it over), keeping the first mark. */
  markHeld(teamId: string, userId: string, at: Date): Promise<void>;
  /**
   * The batch to send now: the one already sealed (not yet known delivered), else everything waiting
   * moved into a new batch named `batch` (its held mark with it); null when nothing waits.
   */
  seal(teamId: string, userId: string, batch: string, at: Date): Promise<SealedBatch | null>;
  /** Drops the sealed batch `batch` (delivered); the record goes when nothing else waits. */
  settle(teamId: string, userId: string, batch: string): Promise<void>;
  listAll(): Promise<Outbox[]>;
}

export function createOutboxRepo(store: Store): OutboxRepo {
  const records = recordReader(store, NOTIFY_OUTBOX_NAMESPACE, outboxSchema);
  return {
    async add(teamId, userId, items) {
      if (items.length === 0) return;
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box: Outbox = records.parse(key, current) ?? { teamId, userId, items: [], heldSince: null, sending: null };
        const known = new Set([...box.items, ...(box.sending?.items ?? [])].map((i) => i.key));
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
    async seal(teamId, userId, batch, at) {
      const key = personKey(teamId, userId);
      let sealed: SealedBatch | null = null;
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        sealed = box?.sending ?? null;
        if (!box || sealed || box.items.length === 0) return undefined;
        const next: SealedBatch = { batch, items: box.items, heldSince: box.heldSince, sealedAt: at.toISOString() };
        sealed = next;
        return { ...box, items: [], heldSince: null, sending: next };
      });
      return sealed;
    },
    async settle(teamId, userId, batch) {
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        if (!box || box.sending?.batch !== batch) return undefined;
        return box.items.length === 0 ? null : { ...box, sending: null };
      });
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
  };
}
