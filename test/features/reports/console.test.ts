/** The console demonstrates `/radar report`: set a schedule, show it, and post a report now. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startRadar } from '../../../src/radar.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const dir = mkdtempSync(join(tmpdir(), 'radar-report-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reports in the console', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
  });
  afterAll(() => sandbox?.close());

  it('sets a weekly report, shows it, and posts one now', async () => {
    const config = loadConfig({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: `sqlite://${join(dir, 'r.sqlite')}` });
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const lines = ['/radar help', '/radar bind northwind', '/radar report weekly mon 09:00 Europe/Berlin', '/radar report', '/radar report now'].map((l) => `${l}\n`);
    const radar = await startRadar(config, { consoleInput: Readable.from(lines), consoleOutput: output, logSink: () => {} });
    await radar.consoleDone;
    await radar.stop();
    expect(printed).toContain('/radar report weekly mon 09:00 Europe/Berlin'); // help's example
    expect(printed).toContain('weekly on Monday at 09:00 Europe/Berlin');
    expect(printed).toContain('set by');
    expect(printed).toContain('Weekly report: Northwind CRM');
    expect(printed).toContain('Tickets opened');
    expect(printed).toContain('Posted the report');
  });
});
