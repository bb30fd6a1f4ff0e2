/**
 * Runs before `npm start` and `npm run sandbox`: compiles `src/` to `dist/` with tsc when `dist/` is
 * missing or older than any file under `src/` (or the build's tsconfig), so the README's
 * `npm install && npm start` always runs what the sources say. A fresh `dist/` costs nothing.
 *
 * Then Radar's entry is bundled over `dist/main.js` with esbuild (its own modules in one file, the
 * console, sandbox and store backends as chunks loaded when used, whitespace removed, a source map
 * to `src/`): loading ~400 modules one by one was most of Radar's start-up. The pure-JavaScript
 * libraries Radar adds to Bolt (zod, marked, date-fns, p-retry, keyv) are bundled too: zod alone
 * took ~45 ms to import file by file and ~25 ms bundled. Bolt and what it brings (undici among
 * them), native modules (sqlite3, @resvg/resvg-js), echarts (loaded only with the chart renderer) and the Redis clients stay in node_modules. The source map keeps
 * Radar's own sources only: with a bundled library's mappings in it, the first stack trace Node
 * formats (with --enable-source-maps) parsed a map twice the size. `npm run doctor` and `npm run
 * sandbox` run tsc's per-file output.
 */
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
/** The digits of a source map's base64 VLQ. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
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
    // Everything else in node_modules is bundled: see the header for why these stay out.
    external: ['@slack/*', 'undici', 'sqlite3', 'better-sqlite3', 'ioredis', '@keyv/redis', '@sesamecare-oss/redlock', '@resvg/*', 'echarts'],
    // Bundled CommonJS libraries call require() for Node's built-ins.
    banner: { js: "import { createRequire as __radarCreateRequire } from 'node:module'; const require = __radarCreateRequire(import.meta.url);" },
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  for (const file of [join(root, 'dist', 'main.js.map'), ...readdirSync(join(root, 'dist', 'chunks')).filter((f) => f.endsWith('.map')).map((f) => join(root, 'dist', 'chunks', f))]) {
    writeFileSync(file, JSON.stringify(ownSourcesOnly(JSON.parse(readFileSync(file, 'utf8')))));
  }
} catch (error) {
  // Without esbuild (a production install without dev dependencies) tsc's dist/main.js runs as is.
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') {
    console.error('Radar: bundling dist/main.js failed:', error?.message ?? error);
    process.exit(1);
  }
}
writeFileSync(stamp, `${new Date().toISOString()}\n`);
process.exit(0);

/**
 * A source map (version 3) whose segments pointing into node_modules are made unmapped (one field),
 * with those sources dropped: a bundled library's code then maps to nothing (Node prints the
 * bundle's own position), Radar's maps to `src/` exactly as before.
 */
function ownSourcesOnly(map) {
  const keep = map.sources.map((source) => !source.includes('node_modules/'));
  const newIndex = [];
  let next = 0;
  for (const kept of keep) newIndex.push(kept ? next++ : -1);
  // Fields that are relative to the previous segment, across the whole map (all but the column).
  let source = 0, line = 0, column = 0, name = 0;
  let outSource = 0, outLine = 0, outColumn = 0, outName = 0;
  const lines = map.mappings.split(';').map((group) => {
    let generated = 0;
    let outGenerated = 0;
    const kept = [];
    for (const segment of group ? group.split(',') : []) {
      const fields = decodeVlq(segment);
      generated += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        line += fields[2];
        column += fields[3];
        if (fields.length > 4) name += fields[4];
      }
      if (fields.length < 4 || newIndex[source] < 0) {
        // Unmapped from here on (a one-field segment), so library code never reads as Radar's.
        kept.push(encodeVlq([generated - outGenerated]));
        outGenerated = generated;
        continue;
      }
      const out = [generated - outGenerated, newIndex[source] - outSource, line - outLine, column - outColumn];
      outGenerated = generated;
      outSource = newIndex[source];
      outLine = line;
      outColumn = column;
      if (fields.length > 4) {
        out.push(name - outName);
        outName = name;
      }
      kept.push(encodeVlq(out));
    }
    return kept.join(',');
  });
  return { ...map, sources: map.sources.filter((_, i) => keep[i]), mappings: lines.join(';') };
}


function decodeVlq(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(values) {
  let text = '';
  for (const v of values) {
    let rest = v < 0 ? (-v << 1) | 1 : v << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest > 0) digit |= 32;
      text += BASE64[digit];
    } while (rest > 0);
  }
  return text;
}
