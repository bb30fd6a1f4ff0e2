/** Watch rules' input from payloads as sent (issue 27): each run read as the service client reads it for a watch (`readWatchRun`). */
import type { RunPair } from '../../src/features/watches/changes/index.js';
import { SERVICE_DIMENSION } from '../../src/features/watches/reads.js';
import { readWatchRun } from '../../src/service/read/runs.js';
import { readChangelogRow, type ChangelogRowFacts } from '../../src/service/schemas/content.js';
import type { WatchDimension } from '../../src/store/watches.js';

/** A run and the one before it (and, for AI, the check before that), each payload read as a watch's run facts. */
export function watchPair(dimension: WatchDimension, pair: { previous: unknown; current: unknown; earlier?: unknown }): RunPair {
  const read = (payload: unknown) => readWatchRun(SERVICE_DIMENSION[dimension], payload);
  return { previous: read(pair.previous), current: read(pair.current), ...(pair.earlier !== undefined ? { earlier: read(pair.earlier) } : {}) };
}

/** Changelog entries as `changelogFacts` reads them, the ones Radar cannot read left out (as the watch's `readChangelog` does). */
export function readChangelogRows(items: readonly unknown[]): ChangelogRowFacts[] {
  return items.map(readChangelogRow).filter((r): r is ChangelogRowFacts => r !== null);
}
