/**
 * `npm run doctor`: what an operator runs with the real configuration before going live. Reads
 * `.env` like `npm start`, prints one line per check (with what to do when one fails) and exits 1
 * when something blocks going live. With nothing configured it checks the built-in sandbox.
 */
import { existsSync } from 'node:fs';
import { formatResult, runDoctor } from './run.js';

const say = (line: string | undefined): void => {
  process.stdout.write(`${line ?? ''}\n`);
};

if (existsSync('.env')) {
  try {
    process.loadEnvFile('.env');
  } catch (error) {
    say(`FAIL  configuration: .env could not be read (${error instanceof Error ? error.message : String(error)})`);
    process.exit(1);
  }
}

say('Radar doctor: checking what going live needs');
const report = await runDoctor(process.env, { onResult: (result, secrets) => say(formatResult(result, secrets)) });
say(report.text.split('\n').at(-1));
process.exit(report.exitCode);
