/**
 * Runs before `npm start` and `npm run sandbox`: compiles `src/` to `dist/` with tsc when `dist/` is
 * missing or older than any file under `src/` (or the build's tsconfig), so the README's
 * `npm install && npm start` always runs what the sources say. A fresh `dist/` costs nothing.
 *
 * Then Radar's entry is bundled over `dist/main.js` with esbuild (its own modules in one file, the
 * console, sandbox and store backends as chunks loaded when used, packages left to node_modules,
 * whitespace removed, a source map to `src/`): loading ~400 modules one by one was most of Radar's
 * start-up. `npm run doctor` and `npm run sandbox` run tsc's per-file output.
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'main.js');
// Written after each successful compile: tsc --incremental leaves unchanged outputs untouched, so
// their times cannot say when the build last ran.
const stamp = join(root, 'dist', '.build-stamp');
const always = process.argv.includes('--always');

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesChanged = Math.max(newestIn(join(root, 'src')), statSync(join(root, 'tsconfig.build.json')).mtimeMs, statSync(join(root, 'tsconfig.json')).mtimeMs);
if (!always && existsSync(built) && existsSync(stamp) && statSync(stamp).mtimeMs >= sourcesChanged) process.exit(0);

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  console.error(existsSync(built) ? 'Radar: dist/ is older than src/ and TypeScript is not installed (npm install), so the older build runs.' : 'Radar: no build in dist/ and TypeScript is not installed: run npm install first.');
  process.exit(existsSync(built) ? 0 : 1);
}
if (!always) console.error('Radar: compiling src/ to dist/ …');
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);

try {
  const { build } = await import('esbuild');
  rmSync(join(root, 'dist', 'chunks'), { recursive: true, force: true });
  await build({
    entryPoints: { main: join(root, 'src', 'main.ts') },
    outdir: join(root, 'dist'),
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
} catch (error) {
  // Without esbuild (a production install without dev dependencies) tsc's dist/main.js runs as is.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') {
    console.error('Radar: bundling dist/main.js failed:', error?.message ?? error);
    process.exit(1);
  }
}
writeFileSync(stamp, `${new Date().toISOString()}\n`);
process.exit(0);
