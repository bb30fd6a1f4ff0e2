/**
 * Test-only entry: Radar in HTTP mode as its own process, so chaos tests can `kill -9` it.
 *
 * Configured like `npm start` (`loadConfig(process.env)`), plus two JSON variables tests use to
 * shorten background work: `RADAR_TEST_TIMING` (a partial `Timing`) and `RADAR_TEST_RETRY` (a
 * partial `RetryPolicy`). Log lines go to stderr; once listening it prints one line on stdout:
 * `RADAR_URL <base url>` (radar-processes.ts reads it). An unhandled rejection is logged (as `src/main.ts` does) so tests can look for it.
 */
import { loadConfig } from '../../../src/config.js';
import { startRadar } from '../../../src/radar.js';
import type { RetryPolicy } from '../../../src/service/index.js';
import type { Timing } from '../../../src/timing.js';

const timing = JSON.parse(process.env.RADAR_TEST_TIMING ?? '{}') as Partial<Timing>;
const serviceRetry = JSON.parse(process.env.RADAR_TEST_RETRY ?? '{}') as Partial<RetryPolicy>;

const radar = await startRadar(loadConfig(process.env), { timing, serviceRetry });
process.on('unhandledRejection', (reason) => radar.deps.logger.error('unhandled rejection', { error: reason }));
process.on('SIGTERM', () => void radar.stop().then(() => process.exit(0)));
process.stdout.write(`RADAR_URL ${radar.url ?? ''}\n`);
