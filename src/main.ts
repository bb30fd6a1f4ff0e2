/**
 * Entry point: read `.env` when present, parse the configuration once, start Radar in the mode it
 * names, and on SIGINT/SIGTERM (or when the console's input ends) drain acknowledged work, then stop.
 */
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { startRadar } from './radar.js';

// `.env` fills only what the environment leaves unset (Node's own loader, no dependency).
if (existsSync('.env')) {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    console.error(`Radar cannot start: .env could not be read (${error instanceof Error ? error.message : String(error)}).`);
    process.exit(1);
  }
}

/** Where console mode writes its log lines. */
const CONSOLE_LOG = 'data/radar-console.log';

/** A sink appending to `path` (its folder made); undefined (stderr) when the file cannot be written. */
function consoleLogFile(path: string): ((line: string) => void) | undefined {
  try {
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, '');
  } catch (error) {
    console.error(`Radar console: logs stay on stderr (${path} cannot be written: ${error instanceof Error ? error.message : String(error)}).`);
    return undefined;
  }
  console.error(`Radar console: log lines go to ${path} (set LOG_LEVEL to see them here).`);
  return (line) => {
    try {
      appendFileSync(path, `${line}\n`);
    } catch {
      // A log file that went away must not stop the console.
    }
  };
}

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? `Radar cannot start: ${error.message}` : `Radar cannot start: ${String(error)}`);
  process.exit(1);
}


const console_ = config.mode === 'console';
// In the console, log lines would land among the answers: they go to a file under data/ (its path
// said once, on stderr) unless LOG_LEVEL is set, which asks for them on stderr as in every other mode.
const logSink = console_ && config.explicit?.logLevel === false ? consoleLogFile(CONSOLE_LOG) : undefined;
const radar = await startRadar(config, {
  ...(console_ ? { consoleInput: process.stdin, consoleOutput: process.stdout, consoleInteractive: Boolean(process.stdin.isTTY) } : {}),
  ...(logSink ? { logSink } : {}),
}).catch(
  (error: unknown) => {
    console.error(`Radar could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

process.on('unhandledRejection', (reason) => radar.deps.logger.error('unhandled rejection', { error: reason }));
// Last resort: a bug that throws outside every handler is logged and Radar keeps serving, rather
// than one request taking the whole replica (and every in-flight request) down with it.
process.on('uncaughtException', (error, origin) => radar.deps.logger.error('uncaught exception; Radar keeps serving', { error, origin }));

let stopping = false;
const shutdown = async (code: number) => {
  if (stopping) return;
  stopping = true;
  // Acknowledged commands, actions and answers finish first (bounded: RADAR_TIMING drainTimeoutMs, default 25 s).
  await radar.drain().catch((error: unknown) => radar.deps.logger.error('the drain failed', { error }));
  await radar.stop();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

if (radar.consoleDone) {
  await radar.consoleDone;
  await shutdown(0);
}
