/**
 * Console mode, Radar's default without Slack credentials: the real Bolt app fed from a stream,
 * answers printed from the same Block Kit. Driven in-process and through `npm start`'s entry.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('console mode in-process', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
  });
  afterAll(() => sandbox?.close());

  it('runs piped /radar lines through the real app and prints the answers as text', async () => {
    const config = loadConfig({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: `sqlite://${join(dir, 'a.sqlite')}` });
    expect(config.mode).toBe('console');
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const lines = ['/radar bind northwind', 'pricing', '/radar <!channel> hello', '# a comment', '', '/radar briefing'].map((l) => `${l}\n`);
    const radar = await startRadar(config, { consoleInput: Readable.from(lines), consoleOutput: output, logSink: () => {} });
    await radar.consoleDone;
    await radar.stop();
    expect(printed).toContain('> /radar bind northwind');
    expect(printed).toContain('This channel is now bound to *Northwind CRM*');
    expect(printed).toContain('== Northwind CRM: pricing gaps ==');
    expect(printed).toContain("Radar doesn't know `/radar <!channel>`");
    expect(printed).toMatch(/== Northwind CRM: Edition \d+/);
    expect(printed).not.toContain('a comment');
  });
});

describe('npm start without configuration', () => {
  it('starts the built-in sandbox and a console that reads stdin and prints on stdout', async () => {
    // Exactly what `npm start` runs.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: dir, STORE_URL: `sqlite://${join(dir, 'b.sqlite')}`, SANDBOX_SPEED: '1000' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.end('/radar projects\n/radar pricing --project quarry\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('== Projects (4) ==');
    expect(stdout).toContain('Quarry Pay: pricing gaps');
    expect(stderr).toContain('started the built-in sandbox');
  }, 30_000);

  it('exits with one line naming a bad variable', async () => {
    // Exactly what `npm start` runs.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', HOME: dir, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Radar cannot start: PORT must be a port number from 0 to 65535.');
  }, 30_000);
});
