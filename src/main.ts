/**
 * Entry point: read `.env` when present, parse the configuration once, start Radar in the mode it
 * names, and stop cleanly on SIGINT/SIGTERM (or when the console's input ends).
 */
import { existsSync } from 'node:fs';
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

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? `Radar cannot start: ${error.message}` : `Radar cannot start: ${String(error)}`);
  process.exit(1);
}


const console_ = config.mode === 'console';
const radar = await startRadar(config, console_ ? { consoleInput: process.stdin, consoleOutput: process.stdout, consoleInteractive: Boolean(process.stdin.isTTY) } : {}).catch(
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
  await radar.stop();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

if (radar.consoleDone) {
  await radar.consoleDone;
  await shutdown(0);
}
