/**
 * Idempotency records for modal submissions that write to the service (a ticket, a comment).
 * Keyed by the Slack view id: Slack sends a double-clicked submit twice with the same view id, and
 * the first `claim` wins atomically (through `store.update`, so across replicas too). The winner
 * records what it created with `complete`, or gives the key back with `release` after a failure
 * that certainly created nothing, so the person can try again.
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

/** What a completed submission created, enough to show the confirmation again. */
export interface SubmissionResult {
  ticketId: string;
  ticketNumber: number;
  ticketTitle: string;
  /** Set when the submission added a comment. */
  commentId?: string;
}

export type Submission =
  | { state: 'pending'; key: string; startedAt: string }
  | { state: 'done'; key: string; startedAt: string; result: SubmissionResult };

export type ClaimOutcome = { claimed: true } | { claimed: false; existing: Submission };

export interface SubmissionsRepo {
  /** Claims `key` for one writer; when it is already held, resolves to the record that holds it. */
  claim(key: string, now: Date): Promise<ClaimOutcome>;
  /** Records what the claimed submission created (a key nobody claimed is left alone). */
  complete(key: string, result: SubmissionResult): Promise<void>;
  /** Gives the key back (nothing was created), so a later submission may claim it. */
  release(key: string): Promise<void>;
  get(key: string): Promise<Submission | undefined>;
}

const NAMESPACE = 'submissions';

/**
 * How long a submission record lives after its last write: 7 days. Slack sends a double submit
 * within seconds, and a modal's view expires long before a week is out, so nothing can be submitted
 * again under a key by then.
 */
export const SUBMISSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const resultSchema = z.looseObject({ ticketId: z.string(), ticketNumber: z.number(), ticketTitle: z.string(), commentId: z.string().optional() });
const submissionSchema = z.discriminatedUnion('state', [
  z.looseObject({ state: z.literal('pending'), key: z.string(), startedAt: z.string() }),
  z.looseObject({ state: z.literal('done'), key: z.string(), startedAt: z.string(), result: resultSchema }),
]);

export function createSubmissionsRepo(store: Store): SubmissionsRepo {
  const records = recordReader(store, NAMESPACE, submissionSchema);
  const ttl = { ttlMs: SUBMISSION_TTL_MS };
  return {
    async claim(key, now) {
      const fresh: Submission = { state: 'pending', key, startedAt: now.toISOString() };
      let existing: Submission | undefined;
      const { written } = await store.update<unknown>(
        NAMESPACE,
        key,
        (current) => {
          existing = records.parse(key, current);
          // A record this version cannot read still holds the key: never submit twice.
          if (current !== undefined && existing === undefined) throw new Error(`submission ${key} is held by a record that cannot be read`);
          return existing ? undefined : fresh;
        },
        ttl,
      );
      if (written) return { claimed: true };
      if (!existing) throw new Error(`submission ${key} neither claimed nor held`);
      return { claimed: false, existing };
    },
    async complete(key, result) {
      await store.update<unknown>(
        NAMESPACE,
        key,
        (current) => {
          const held = records.parse(key, current);
          return held ? ({ state: 'done', key, startedAt: held.startedAt, result } satisfies Submission) : undefined;
        },
        ttl,
      );
    },
    async release(key) {
      await store.update<unknown>(NAMESPACE, key, (current) => (records.parse(key, current)?.state === 'pending' ? null : undefined));
    },
    get: (key) => records.get(key),
  };
}
