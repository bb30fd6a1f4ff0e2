/**
 * Direct messages waiting for one person (issue 31): what Radar has to tell them that is not sent
 * yet, because it arrived together with more (sent as one message at the end of the round) or during
 * their quiet hours (held, sent as one message after). Each event is queued once: the record keeps the
 * keys of the events told to the person (`told`, 30 days, the newest `TOLD_MAX`), written in the same
 * atomic update as the items, so an event is never both claimed and lost. Sending is in two steps so nothing is lost in a crash: `seal` moves what waits into one
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
  /** Event keys told (or passed over: the person did it) -> when (ISO 8601). */
  told: Record<string, string>;
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
  told: z.record(z.string(), z.string()).default({}),
});

/** Items kept per person; older ones are dropped beyond it (said in the message). */
export const OUTBOX_MAX = 200;
/** How long an event key stays told, and how many are kept per person (the newest). */
export const TOLD_TTL_MS = 30 * 24 * 60 * 60_000;
export const TOLD_MAX = 1000;

function prunedTold(told: Record<string, string>, now: Date): Record<string, string> {
  const oldest = now.getTime() - TOLD_TTL_MS;
  const kept = Object.entries(told).filter(([, at]) => Date.parse(at) > oldest);
  kept.sort((a, b) => Date.parse(b[1]) - Date.parse(a[1]));
  return Object.fromEntries(kept.slice(0, TOLD_MAX));
}

export interface OutboxRepo {
  /**
   * Queues the items whose event the person was not told yet and marks `passOver` keys told without
   * queueing them (what the person did themself), in one atomic update; resolves the keys queued.
   */
  add(teamId: string, userId: string, items: readonly PendingNotice[], options: { now: Date; passOver?: readonly string[] }): Promise<string[]>;
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
    async add(teamId, userId, items, { now, passOver = [] }) {
      if (items.length === 0 && passOver.length === 0) return [];
      const key = personKey(teamId, userId);
      const at = now.toISOString();
      let queued: string[] = [];
      await store.update<unknown>(
        NOTIFY_OUTBOX_NAMESPACE,
        key,
        (current) => {
          const box: Outbox = records.parse(key, current) ?? { teamId, userId, items: [], heldSince: null, sending: null, told: {} };
          const told = prunedTold(box.told, now);
          const fresh = items.filter((i) => told[i.key] === undefined);
          const newKeys = [...new Set(fresh.map((i) => i.key))];
          const passed = passOver.filter((k) => told[k] === undefined);
          queued = newKeys;
          if (newKeys.length === 0 && passed.length === 0) return undefined;
          for (const k of [...newKeys, ...passed]) told[k] = at;
          const next = [...box.items, ...fresh.filter((i, n) => fresh.findIndex((j) => j.key === i.key) === n)];
          return { ...box, items: next.slice(-OUTBOX_MAX), told: prunedTold(told, now) };
        },
        { ttlMs: TOLD_TTL_MS },
      );
      return queued;
    },
    async markHeld(teamId, userId, at) {
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        if (!box || box.items.length === 0 || box.heldSince !== null) return undefined;
        return { ...box, heldSince: at.toISOString() };
      }, { ttlMs: TOLD_TTL_MS });
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
      }, { ttlMs: TOLD_TTL_MS });
      return sealed;
    },
    async settle(teamId, userId, batch) {
      const key = personKey(teamId, userId);
      await store.update<unknown>(NOTIFY_OUTBOX_NAMESPACE, key, (current) => {
        const box = records.parse(key, current);
        if (!box || box.sending?.batch !== batch) return undefined;
        // The record stays: it holds what the person was told.
        return { ...box, sending: null };
      }, { ttlMs: TOLD_TTL_MS });
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
  };
}
