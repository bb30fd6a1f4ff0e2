/**
 * Idempotency records for modal submissions that write to the service (a ticket, a comment).
 * Keyed by the Slack view id: Slack sends a double-clicked submit twice with the same view id, and
 * the first `claim` wins atomically (through `store.update`, so across replicas too). The winner
 * records what it created with `complete`, or gives the key back with `release` after a failure
 * that certainly created nothing, so the person can try again.
 */
import type { Store } from './store.js';

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

export function createSubmissionsRepo(store: Store): SubmissionsRepo {
  return {
    async claim(key, now) {
      const fresh: Submission = { state: 'pending', key, startedAt: now.toISOString() };
      const { value, written } = await store.update<Submission>(NAMESPACE, key, (current) => (current ? undefined : fresh));
      if (written) return { claimed: true };
      if (!value) throw new Error(`submission ${key} neither claimed nor held`);
      return { claimed: false, existing: value };
    },
    async complete(key, result) {
      await store.update<Submission>(NAMESPACE, key, (current) =>
        current ? { state: 'done', key, startedAt: current.startedAt, result } : undefined,
      );
    },
    async release(key) {
      await store.update<Submission>(NAMESPACE, key, (current) => (current?.state === 'pending' ? null : undefined));
    },
    get: async (key) => (await store.keyv(NAMESPACE).get(key)) as Submission | undefined,
  };
}
