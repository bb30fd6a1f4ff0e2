/**
 * The production build (scripts/build-if-stale.mjs): Radar's entry bundled over dist/main.js with
 * the pure-JavaScript libraries it adds, Bolt and native modules left to node_modules, and source
 * maps that point at Radar's own sources only, exactly where esbuild put them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, buildRadar } from '../chaos/support/radar-processes.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Zero-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  expect(at, `${needle} in the bundle`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, column: before.at(-1)?.length ?? 0 };
}

function readMap(file: string): { sources: string[]; mappings: string; map: SourceMap } {
  const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string };
  return { ...payload, map: new SourceMap(payload as never) };
}

describe('the bundled build', () => {
  beforeAll(() => buildRadar(), BUILD_TIMEOUT_MS);

  it('bundles zod, marked and date-fns; takes undici and the parts of Bolt it runs from node_modules, never Bolt\'s index', () => {
    const files = [join(DIST, 'main.js'), ...readdirSync(join(DIST, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => join(DIST, 'chunks', f))];
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const imported = new Set(texts.flatMap((t) => [...t.matchAll(/from\s*"([^".][^"]*)"/g)].map((m) => m[1])));
    expect(imported).toContain('undici');
    for (const bundled of ['zod', 'marked', 'date-fns/parseISO', 'p-retry', 'keyv']) expect(imported).not.toContain(bundled);
    // Bolt's index loads every receiver it ships (Express among them): src/slack/bolt.ts loads its parts by path.
    expect(imported).not.toContain('@slack/bolt');
    const boltPaths = [...new Set(texts.flatMap((t) => [...t.matchAll(/"(@slack\/bolt\/[^"]+)"/g)].map((m) => m[1] ?? '')))];
    // Radar's HTTP edge is its own Receiver on Bolt's request helpers (verifier, ack), not Bolt's HTTPReceiver.
    expect(boltPaths.sort()).toEqual([
      '@slack/bolt/dist/App.js',
      '@slack/bolt/dist/receivers/HTTPModuleFunctions.js',
      '@slack/bolt/dist/receivers/HTTPResponseAck.js',
      '@slack/bolt/dist/receivers/SocketModeReceiver.js',
      '@slack/bolt/dist/receivers/verify-request.js',
    ]);
    // Each still exists where the installed Bolt has it.
    const resolve = createRequire(join(DIST, 'main.js')).resolve;
    for (const path of boltPaths) expect(() => resolve(path)).not.toThrow();
  });

  it('maps Radar’s own code to src/ and a bundled library’s code to nothing', () => {
    const main = readFileSync(join(DIST, 'main.js'), 'utf8');
    const { sources, map } = readMap(join(DIST, 'main.js'));
    expect(sources.filter((s) => s.includes('node_modules'))).toEqual([]);
    expect(sources.some((s) => s.endsWith('src/main.ts'))).toBe(true);

    const own = positionOf(main, '`Radar cannot start: .env could not be read');
    expect(map.findEntry(own.line, own.column)).toMatchObject({ originalSource: expect.stringMatching(/src\/main\.ts$/) as unknown });

    const zodChunk = readdirSync(join(DIST, 'chunks')).find((f) => f.endsWith('.js') && readFileSync(join(DIST, 'chunks', f), 'utf8').includes('Invalid input'));
    expect(zodChunk, 'the chunk holding zod').toBeDefined();
    const chunk = join(DIST, 'chunks', zodChunk ?? '');
    const library = positionOf(readFileSync(chunk, 'utf8'), 'Invalid input');
    expect(readMap(chunk).map.findEntry(library.line, library.column)).toMatchObject({ originalSource: undefined, originalLine: undefined });
  });
});
