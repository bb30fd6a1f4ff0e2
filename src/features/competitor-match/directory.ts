/**
 * The competitor list Radar last read for each project, kept in the store (so it outlives a
 * restart and is shared by replicas): written whenever a command reads the list (binding a channel,
 * `/radar competitors`, the competitor card), read by the card to start its reads before the list
 * it asks for has answered. Only ever a guess: whoever recalls it checks it against a list read for
 * the command, so a competitor added, renamed or removed since is never shown wrongly.
 */
import type { CompetitorFacts } from '../../service/read/competitors.js';
import type { Store } from '../../store/backends/store.js';

/** One entry per project, replaced at every list read and kept without expiry (a project's list is small). */
export const COMPETITOR_DIRECTORY_NAMESPACE = 'competitor-directory';

/** The list as read (its facts); an entry kept in another shape (the raw items Radar used to keep) is not recalled. */
interface Remembered {
  at: string;
  competitors: CompetitorFacts[];
}

export interface CompetitorDirectory {
  /** Keeps `items` as the project's latest list; a store failure is logged, never thrown. */
  remember(projectId: string, competitors: readonly CompetitorFacts[]): Promise<void>;
  /** The latest list kept for the project, or null (none kept, unreadable, or the store failed). */
  recall(projectId: string): Promise<CompetitorFacts[] | null>;
}

/** A kept entry that reads as competitor facts (a domain, an identity, extras). */
function isFacts(value: unknown): value is CompetitorFacts {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Partial<CompetitorFacts>;
  return typeof c.domain === 'string' && typeof c.identity === 'object' && c.identity !== null && Array.isArray(c.extras);
}

export function competitorDirectory(store: Store, now: () => Date): CompetitorDirectory {
  const keyv = () => store.keyv(COMPETITOR_DIRECTORY_NAMESPACE);
  return {
    async remember(projectId, competitors) {
      try {
        await keyv().set(projectId, { at: now().toISOString(), competitors: [...competitors] } satisfies Remembered);
      } catch (error) {
        store.logger.warn('could not keep the competitor list for the next card', { projectId, error });
      }
    },
    async recall(projectId) {
      try {
        const kept = (await keyv().get(projectId)) as Partial<Remembered> | undefined;
        return Array.isArray(kept?.competitors) && kept.competitors.every(isFacts) ? kept.competitors : null;
      } catch (error) {
        store.logger.warn('could not read the kept competitor list', { projectId, error });
        return null;
      }
    },
  };
}
