/** `npm run sandbox`: serves the sandbox on PORT (default 4010) at speed SANDBOX_SPEED (default 1), in house style SANDBOX_STYLE (default `default`). */
import { API_KEYS } from './keys.js';
import { startSandbox } from './server.js';
import { SANDBOX_STYLES, type SandboxStyle } from './style/index.js';

const port = Number(process.env.PORT ?? 4010);
const speed = Number(process.env.SANDBOX_SPEED ?? 1);
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
if (!(speed > 0)) throw new Error(`SANDBOX_SPEED must be a number > 0, got ${process.env.SANDBOX_SPEED}`);
const style = (process.env.SANDBOX_STYLE?.trim() || 'default') as SandboxStyle;
if (!SANDBOX_STYLES.includes(style)) throw new Error(`SANDBOX_STYLE must be one of ${SANDBOX_STYLES.join(', ')}, got ${process.env.SANDBOX_STYLE}`);

const sandbox = await startSandbox({ port, speed, style }).catch((error: unknown) => {
  const code = (error as { code?: unknown }).code;
  console.error(
    code === 'EADDRINUSE'
      ? `The sandbox cannot start: port ${port} is already in use (another sandbox?); stop that one or set PORT to a free port.`
      : `The sandbox cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
console.log(`Monitoring Service sandbox listening on ${sandbox.url} (speed ${speed}, style ${style})`);
console.log(`Control surface: ${sandbox.url}/__sandbox/ (faults, clock, speed, requests, runs, reset)`);
console.log('API keys (header SVC-API-Key):');
for (const key of API_KEYS) console.log(`  ${key.key}  ${key.purpose}`);

const stop = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
