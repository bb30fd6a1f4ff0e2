/**
 * `SANDBOX_STYLE` reaches the built-in sandbox: console mode with no service configured starts it in the
 * style asked for, and the same commands state the same facts in both styles.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar } from '../../src/radar.js';
import { SANDBOX_KEYS, SANDBOX_STYLES } from '../../src/sandbox/index.js';
import { readsIn, shortfalls } from './read-facts.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-styles-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(SANDBOX_STYLES)('console mode on the built-in sandbox, SANDBOX_STYLE=%s', (style) => {
  it('starts the sandbox in that style and prints the same facts', async () => {
    const config = loadConfig({ SANDBOX_STYLE: style, SANDBOX_SPEED: '1000', STORE_URL: `sqlite://${join(dir, `${style}.sqlite`)}` });
    expect(config.sandboxStyle).toBe(style);
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    // One person may send Radar 10 requests in 10 s (fair use): the first ten reads, as typed one after another.
    const reads = readsIn(style).slice(0, 10);
    const lines = reads.map(({ command }) => `/radar ${command} --project northwind\n`);
    const radar = await startRadar(config, { consoleInput: Readable.from(lines), consoleOutput: output, logSink: () => {} });
    try {
      await radar.consoleDone;
      // The built-in sandbox answers in the style asked for: the pricing rows under the default's key or the alt's.
      const pricing = (await (await fetch(`${radar.sandboxUrl}/v1/projects/prj_northwind/pricing`, { headers: { 'SVC-API-Key': SANDBOX_KEYS.readWrite } })).json()) as { item: Record<string, unknown> };
      expect(Object.keys(pricing.item)).toContain(style === 'alt' ? 'by_competitor' : 'competitors');
    } finally {
      await radar.stop();
    }
    // Each command's answer: from its echoed line to the next.
    const answers = printed.split(/^> /m);
    for (const { command, facts, allow = [] } of reads) {
      const answer = answers.find((a) => a.startsWith(`/radar ${command} --project`)) ?? '';
      expect(answer, `/radar ${command} (${style}, console) answered`).not.toBe('');
      expect(shortfalls(answer, { facts, allow }), `/radar ${command} (${style}, console)`).toEqual({ missing: [], repeated: [], trouble: [] });
    }
  });
});
