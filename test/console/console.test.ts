/**
 * Console mode, Radar's default without Slack credentials: the real Bolt app fed from a stream,
 * answers printed from the same Block Kit. Driven in-process and through `npm start`'s entry.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { BUILD_TIMEOUT_MS, buildRadar } from '../chaos/support/radar-processes.js';

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

  it('demonstrates follows: follow a competitor, a project and a ticket, list them, quiet hours, unfollow, help', async () => {
    const config = loadConfig({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: `sqlite://${join(dir, 'follows.sqlite')}` });
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const lines = [
      '/radar bind northwind',
      '/radar follow competitor pipedrift.com',
      '/radar follow project',
      '/radar follow ticket 1',
      '/radar follow quiet 22:00-07:00',
      '/radar follow',
      '/radar unfollow project',
      '/radar help follow',
    ].map((l) => `${l}\n`);
    const radar = await startRadar(config, { consoleInput: Readable.from(lines), consoleOutput: output, logSink: () => {} });
    await radar.consoleDone;
    await radar.stop();
    expect(printed).toContain('You now follow Competitor: *Pipedrift (pipedrift.com)* in Northwind CRM');
    expect(printed).toContain('You now follow Project: *Northwind CRM*');
    expect(printed).toMatch(/You now follow Ticket: \*#1 /);
    expect(printed).toContain('Quiet hours *22:00–07:00* in your time zone');
    expect(printed).toContain('*What you follow* (3)');
    expect(printed).toContain('You no longer follow *Northwind CRM*');
    expect(printed).toContain('/radar follow competitor pipedrift.com');
  });
});

describe('console mode on a terminal', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
  });
  afterAll(() => sandbox?.close());

  /**
   * Resolves once `check` holds, checked again on each chunk Radar prints (no polling). If it never
   * does, the test's own timeout fails it; `what` and the tail of the output are in `waitingFor`.
   */
  let waitingFor = '';
  const untilPrinted = (output: PassThrough) => (check: () => boolean, what: string) =>
    new Promise<void>((resolve) => {
      waitingFor = what;
      const onData = () => {
        if (!check()) return;
        output.off('data', onData);
        waitingFor = '';
        resolve();
      };
      output.on('data', onData);
      // Already printed before this wait began.
      if (check()) onData();
    });

  it('Ctrl-C clears a half-typed line, a late answer is printed above a redrawn prompt, Ctrl-C on an empty line leaves', async () => {
    const config = loadConfig({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: `sqlite://${join(dir, 'tty.sqlite')}` });
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const until = untilPrinted(output);
    onTestFailed(() => {
      if (waitingFor) console.error(`never saw ${waitingFor} in ${JSON.stringify(printed.slice(-1500))}`);
    });
    const radar = await startRadar(config, { consoleInput: input, consoleOutput: output, consoleInteractive: true, logSink: () => {} });
    await until(() => printed.includes('radar> '), 'the prompt');

    input.write('bind north');
    input.write('\x03');
    await until(() => printed.includes('^C'), 'the cleared line');
    input.write('bind northwind\r');
    await until(() => printed.includes('now bound to *Northwind CRM*'), 'the bind answer');

    input.write('scan trust northwindcrm.com\r');
    // The result comes after the command's own answer, while the prompt waits: it is printed on a
    // cleared line and the prompt is drawn again below it.
    // eslint-disable-next-line no-control-regex -- the terminal's own escapes are what is checked
    await until(() => /\r\x1b\[K\[(updated|posted) in C0CONSOLE[^]*radar> (\x1b\[\d+G)?$/.test(printed) && printed.includes('northwindcrm.com'), 'the late scan result');

    const mark = printed.length;
    input.write('\x03');
    await radar.consoleDone;
    await radar.stop();
    expect(printed.slice(mark)).not.toContain('^C');
  }, 30_000);
});

/**
 * Exactly what `npm start` runs (`node --enable-source-maps dist/main.js`, after the build its
 * `prestart` makes), from `cwd`: its logs land under `cwd`/data. Built once per test process, as
 * the chaos tests do; spawning the compiled entry costs a fraction of transforming src/ with tsx.
 */
const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
/** What `npm run sandbox` runs. */
const SANDBOX_MAIN = new URL('../../dist/sandbox/main.js', import.meta.url).pathname;
beforeAll(() => buildRadar(), BUILD_TIMEOUT_MS);

function npmStart(cwd: string, env: Record<string, string>, stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--enable-source-maps', MAIN], { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm start without configuration', () => {
  it('starts the built-in sandbox and a console that reads stdin and prints on stdout; log lines go to a file under data/', async () => {
    const cwd = mkdtempSync(join(dir, 'start-'));
    const { code, stdout, stderr } = await npmStart(cwd, { SANDBOX_SPEED: '1000' }, '/radar projects\n/radar pricing --project quarry\n');
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('== Projects (4) ==');
    expect(stdout).toContain('Quarry Pay: pricing gaps');
    // No log line among the answers; the file's path said once, on stderr.
    expect(stdout).not.toMatch(/"level":/);
    expect(stderr.trim()).toBe('Radar console: log lines go to data/radar-console.log (set LOG_LEVEL to see them here).');
    const log = readFileSync(join(cwd, 'data', 'radar-console.log'), 'utf8');
    expect(log).toContain('started the built-in sandbox');
    expect(log).toContain('a store of its own');
  }, 30_000);

  it('with LOG_LEVEL set, log lines go to stderr as in every other mode', async () => {
    const cwd = mkdtempSync(join(dir, 'level-'));
    const { code, stdout, stderr } = await npmStart(cwd, { SANDBOX_SPEED: '1000', LOG_LEVEL: 'info' }, '/radar projects\n');
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('== Projects (4) ==');
    expect(stderr).toContain('started the built-in sandbox');
    expect(existsSync(join(cwd, 'data', 'radar-console.log'))).toBe(false);
  }, 30_000);

  it('presses numbered buttons, walks a shortcut modal as a form, renders emoji, and waits for a scan before it exits', async () => {
    const cwd = mkdtempSync(join(dir, 'demo-'));
    const input = [
      '/radar bind northwind',
      '/radar tickets in_progress',
      // The list's first button: Share to channel.
      '/press 1',
      '/press 99',
      '/shortcut ticket Pipedrive dropped its Team plan to $19\\nSee their pricing page',
      'Pipedrive at $19', // title
      '2', // column: To do
      '', // description kept
      '1,5', // labels: Pricing, Quick win
      '', // no new label
      '1', // assignee: Maya Chen
      '', // no due date
      '3', // effort: High
      '4', // impact: 4 Critical
      '/shortcut comment Customers keep asking about this',
      'Pipedrive', // search the board
      '1', // the first ticket found
      '', // the comment as prefilled
      '/radar scan trust northwindcrm.com',
    ].join('\n');
    const { code, stdout, stderr } = await npmStart(cwd, { SANDBOX_SPEED: '1000' }, `${input}\n`);
    expect(code, stderr).toBe(0);
    // Numbered buttons, and a press that shares the answer to the channel as Slack would.
    expect(stdout).toContain('[1: Share to channel]');
    expect(stdout).toMatch(/> \/press 1\n\[to the channel\]\n== Northwind CRM: tickets/);
    expect(stdout).toContain('There is no button 99 on screen');
    // The ticket form, asked in turn, submitted through the app.
    expect(stdout).toContain('== Turn into a ticket ==');
    expect(stdout).toContain('Title [Pipedrive dropped its Team plan to $19]: Pipedrive at $19');
    expect(stdout).toMatch(/Column:\n {2}1\. Triage\n {2}2\. To do/);
    expect(stdout).toMatch(/✅ \*#\d+ Pipedrive at \$19\* is on \*Northwind CRM\*'s board, in To do\./);
    // The comment form: an external select searched through the app's options listener.
    expect(stdout).toContain('search for: Pipedrive');
    expect(stdout).toMatch(/1\. #\d+ Pipedrive/);
    expect(stdout).toMatch(/✅ .*comment/i);
    // Emoji as characters, never shortcodes.
    expect(stdout).not.toMatch(/:(white_check_mark|warning|hourglass_flowing_sand|satellite_antenna):/);
    // The scan's result arrives after the input ended: the run waited for it.
    expect(stdout).toMatch(/waiting for 1 scan to finish/);
    expect(stdout.slice(stdout.indexOf('waiting for 1 scan'))).toMatch(/northwindcrm\.com/);
  }, 60_000);
});

describe('npm run sandbox', () => {
  it('on a busy port says so in one line', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const child = spawn(process.execPath, ['--enable-source-maps', SANDBOX_MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    busy.close();
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`The sandbox cannot start: port ${port} is already in use (another sandbox?); stop that one or set PORT to a free port.`);
  }, 30_000);
});

describe('npm start with a bad variable', () => {
  it('exits with one line naming a bad variable', async () => {
    // Exactly what `npm start` runs.
    const child = spawn(process.execPath, ['--enable-source-maps', MAIN], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', HOME: dir, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Radar cannot start: PORT must be a port number from 0 to 65535.');
  }, 30_000);
});
