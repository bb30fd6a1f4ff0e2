import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';

const capture = (secrets: string[] = []) => {
  const lines: string[] = [];
  return { lines, logger: createLogger({ level: 'debug', secrets, sink: (l) => lines.push(l) }) };
};

describe('logger', () => {
  it('redacts secrets wherever they appear as text', () => {
    const { lines, logger } = capture(['svc_live_secret_key_123']);
    logger.error('failed with svc_live_secret_key_123', { error: new Error('key svc_live_secret_key_123 refused'), nested: { k: 'svc_live_secret_key_123' } });
    expect(lines.join('\n')).not.toContain('svc_live_secret_key_123');
    expect(lines.join('\n')).toContain('[redacted]');
  });

  it('never walks into transport objects where a secret could hide as bytes', () => {
    const { lines, logger } = capture(['xoxb-demo']);
    const body = Buffer.from('token=xoxb-demo');
    const byteIndexed = { ...new Uint8Array(body) };
    const error = Object.assign(new Error('A request error occurred'), {
      code: 'slack_webapi_request_error',
      original: Object.assign(new Error('getaddrinfo ENOTFOUND slack.com'), {
        code: 'ENOTFOUND',
        config: { headers: { Authorization: 'Bearer xoxb-demo' }, data: 'token=xoxb-demo' },
        request: { _pendingData: [{ chunk: byteIndexed }], socket: { buffer: body } },
      }),
    });
    logger.error('unhandled rejection', { error });
    const line = lines.join('\n');
    expect(line).toContain('ENOTFOUND');
    expect(line).toContain('slack_webapi_request_error');
    expect(line).not.toContain('xoxb-demo');
    expect(line).not.toContain('"0":116');
    expect(line).not.toContain('_pendingData');
    expect(line.length).toBeLessThan(1000);
  });

  it('bounds deep and long values and survives cycles', () => {
    const { lines, logger } = capture();
    const deep: Record<string, unknown> = {};
    let cur = deep;
    for (let i = 0; i < 20; i++) cur = cur.next = {} as Record<string, unknown>;
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    logger.info('shapes', { deep, cyclic, list: Array.from({ length: 100 }, (_, i) => i), text: 'x'.repeat(5000), bin: Buffer.alloc(10) });
    const parsed = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(JSON.stringify(parsed.deep)).toContain('[…]');
    expect((parsed.cyclic as Record<string, unknown>).self).toBe('[circular]');
    expect((parsed.list as unknown[]).length).toBe(21);
    expect((parsed.text as string).length).toBeLessThan(2100);
    expect(parsed.bin).toBe('[binary]');
  });

  it('drops lines below the level', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', sink: (l) => lines.push(l) });
    logger.info('quiet');
    logger.warn('loud');
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['loud']);
  });
});

describe('logging to a stderr whose reader went away', () => {
  it('drops lines instead of failing: no uncaught EPIPE, no loop of lines about it', async () => {
    const { spawn } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const logModule = fileURLToPath(new URL('../src/log.ts', import.meta.url));
    // The child logs as Radar's main does (an uncaught exception is logged and it keeps going); its
    // stderr is closed by the parent first, so every write to it fails with EPIPE. It starts logging when
    // the parent says so on stdin (after closing the pipe), and counts only once a last write to stderr
    // has been settled and the errors it raised have been dispatched, so no fixed wait stands in for either.
    const script = `
      const { createLogger } = await import(${JSON.stringify(logModule)});
      const logger = createLogger({ level: 'info' });
      let uncaught = 0;
      process.on('uncaughtException', (error) => { uncaught += 1; logger.error('uncaught exception', { error }); });
      await new Promise((r) => process.stdin.once('data', r));
      process.stdin.destroy();
      for (let i = 0; i < 50; i++) { logger.info('a line nobody reads', { i }); await new Promise((r) => setImmediate(r)); }
      await new Promise((r) => process.stderr.write('', () => r()));
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      process.stdout.write(JSON.stringify({ uncaught }));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.destroy();
    child.stdin.end('go\n');
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    // A child caught in the loop never exits: it is killed, and the test fails on its exit code.
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(killer);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ uncaught: 0 });
  }, 20_000);
});
