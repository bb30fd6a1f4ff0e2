/**
 * Issue 29, item 4: no raw value in any answer. The console demo runs every subcommand's own
 * example (from the registry help prints) and the variants a person reaches from them (every
 * dimension's history and one run of each, checks, deep dives, the Home tab, buttons pressed)
 * against the sandbox in both house styles, and every answer's rendered text is scanned
 * (test/support/raw-values.ts): an ISO timestamp or day, or a UTC stamp, where a date token belongs, an
 * internal id, a payload key, `null`/`undefined`, a unit read as a key, a rank change as a bare
 * sign, an emoji shortcode, a repository path, a method note said twice in one answer. A failure
 * names the command and the offending line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { FEATURES } from '../../src/features/index.js';
import { startRadar } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SEED } from '../../src/sandbox/seed.js';
import { rawValuesIn, repeatedNotes } from '../support/raw-values.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-raw-values-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nw = SEED.projects.northwind;
const EXAMPLES = FEATURES.flatMap((f) => f.subcommands ?? []).map((s) => s.example.replace(/^\/radar\s+/, ''));

/** The demo, in order: bind first, every example, what a person reaches from them, unbind last. */
const DEMO: readonly string[] = [
  'bind northwind',
  ...EXAMPLES.filter((e) => !/^unbind\b/.test(e)),
  'projects',
  'briefing',
  'briefing history',
  ...['ai', 'sources', 'positioning', 'content', 'tech', 'agents'].map((d) => `briefing ${d}`),
  'briefing pricing --charts',
  'pricing',
  'positioning',
  'content',
  'changes',
  'tech',
  ...['pricing', 'content', 'positioning', 'tech'].map((d) => `history ${d}`),
  `run pricing ${nw.runIds.pricing![0]}`,
  `run content ${nw.runIds.content![0]}`,
  `run positioning ${nw.runIds.positioning![0]}`,
  `run tech ${nw.runIds['tech-trust']![0]}`,
  'ai',
  'ai --model chatgpt',
  'ai answers northwindcrm.com',
  'ai trend',
  'ai trend --model claude',
  'ai history',
  `ai check ${nw.checkIds[0]}`,
  'sources history',
  `sources check ${nw.sourcesCheckIds[0]}`,
  'fetch https://pipedrift.com/pricing --headers --body',
  'tickets',
  'watch',
  'scan agents northwindcrm.com --fix-prompts',
  '/home',
  'pricing --project quarry',
  'projects sprout',
  'unbind',
  'status',
];


/** Runs the demo through the console against a sandbox in `style`; the rendered answers per command line. */
async function runDemo(style: 'default' | 'alt', sandbox: Sandbox): Promise<Map<string, string>> {
  const config = loadConfig({
    SVC_BASE_URL: sandbox.url,
    SVC_API_KEY: sandbox.keys.readWrite,
    STORE_URL: `sqlite://${join(dir, `${style}.sqlite`)}`,
    // The demo is one person typing fast: fair use would refuse most of it.
    RADAR_TIMING: JSON.stringify({ personRequestsPerWindow: 10_000, channelRequestsPerWindow: 10_000 }),
  });
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const radar = await startRadar(config, { consoleInput: Readable.from(DEMO.map((l) => `${l}\n`)), consoleOutput: output, logSink: () => {} });
  await radar.consoleDone;
  await radar.stop();
  const answers = new Map<string, string>();
  // Each command's echo (`> /radar …`) starts its part; what a scan posts later lands in the last part.
  for (const part of printed.split(/^(?=> )/m)) {
    const first = part.split('\n')[0] ?? '';
    const command = first.replace(/^> (\/radar )?/, '');
    answers.set(command, (answers.get(command) ?? '') + part.slice(first.length));
  }
  return answers;
}

describe.each(['default', 'alt'] as const)('every answer of the console demo, sandbox style %s', (style) => {
  let sandbox: Sandbox;
  let answers: Map<string, string>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000, style });
    answers = await runDemo(style, sandbox);
  }, 120_000);
  afterAll(() => sandbox?.close());

  const scan = (command: string) => {
    const text = answers.get(command.replace(/^\//, '')) ?? answers.get(command);
    expect(text, `no answer to ${command}`).toBeTruthy();
    expect(text!.trim().length).toBeGreaterThan(0);
    const found = [...rawValuesIn(text!).map((r) => `${r.kind}: “${r.found}” in: ${r.line}`), ...repeatedNotes(text!).map((n) => `method note repeated: ${n}`)];
    expect(found, `raw values in the answer to ${command}`).toEqual([]);
  };

  for (const command of DEMO) {
    it(`${command}`, () => scan(command));
  }

  it('the demo runs every subcommand of the registry', () => {
    const names = new Set(FEATURES.flatMap((f) => f.subcommands ?? []).map((s) => s.name));
    const run = new Set(DEMO.map((c) => c.split(' ')[0]));
    expect([...names].filter((n) => !run.has(n))).toEqual([]);
  });
});
