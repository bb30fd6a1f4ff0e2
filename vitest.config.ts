import { defineConfig } from 'vitest/config';

/**
 * Files that leave work running past their end and so get a worker of their own (isolation). Socket
 * Mode's failed start (a wrong app token) leaves a Slack Web API call retrying against the stand-in
 * the test has closed; run beside other files, it surfaced as an unhandled rejection in whichever
 * file ran next in that worker. The date-token test sets \`process.env.TZ\`, which a worker thread does
 * not apply to its clock: isolated files run in forks.
 */
const ISOLATED = ['test/slack/socket-mode.test.ts', 'test/slack/blocks/date-token.test.ts'];

/**
 * Most of the suite waits on loopback HTTP (the sandbox, the fake Slack, Radar), so files overlap
 * well even on two cores; vitest's default there is one worker (cores - 1). Threads start faster
 * than forks, and without per-file isolation a worker imports Radar's modules once instead of once
 * per file (import and transform were most of the run). Test files keep no module state between
 * them: each starts its own sandbox, fake Slack, store and Radar. See test/support/README.md.
 */
export default defineConfig({
  test: {
    // Hang detectors, not speed limits: on two shared cores with another suite beside this one, a
    // file that spawns Radar processes or follows a hundred scans took longer than 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'threads',
    maxWorkers: 4,
    // In CI a JSON report is written too, so .ci/run can print a plain "N passed, N failed" line and
    // refuse a run that skipped anything.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.ci/test-results.json' }]] : ['default'],
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, pool: 'forks' } },
    ],
  },
});
