/**
 * The SQLite file under a running store: one connection for every namespace, and a file deleted,
 * replaced or made read-only is detected (probe false, calls fail with StoreUnavailableError, one
 * log line) without a second file ever appearing at the path.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/log.js';
import { openStore, type Store } from '../../src/store/backends/open-store.js';
import { StoreUnavailableError } from '../../src/store/backends/errors.js';
import { createBindingsRepo } from '../../src/store/bindings.js';
import { createPendingScansRepo } from '../../src/store/pending-scans.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

/** Open file descriptors of this process on `path` (Linux /proc). */
function descriptorsOn(path: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;
}

async function expectUnavailable(call: Promise<unknown>, fault: StoreUnavailableError['fault']): Promise<void> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreUnavailableError);
  expect((error as StoreUnavailableError).fault).toBe(fault);
}

describe('the SQLite file under a running store', () => {
  let dir: string;
  let file: string;
  let store: Store | undefined;
  let captured: ReturnType<typeof capturingLogger>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'radar-sqlite-faults-'));
    file = join(dir, 'radar.sqlite');
    captured = capturingLogger();
    store = await openStore(`sqlite://${file}`, { logger: captured.logger, commandTimeoutMs: 500 });
    await createBindingsRepo(store).set({
      teamId: 'T1',
      channelId: 'C1',
      projectId: 'p1',
      projectName: 'Acme',
      boundBy: 'U1',
      boundAt: '2025-01-01T00:00:00.000Z',
      digestsEnabled: true,
      lastSeenRunId: null,
      failing: null,
    });
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const unavailableLines = () => captured.lines.filter((l) => l.msg === 'store unavailable');

  it.runIf(existsSync('/proc/self/fd'))('serves every namespace through one connection', async () => {
    const s = store!;
    await s.keyv('alpha').set('a', 1);
    await s.keyv('beta').set('b', 2);
    await s.update('gamma', 'c', () => 3);
    await s.list('delta');
    expect(await s.probe()).toBe(true);
    expect(descriptorsOn(file)).toBe(1);
    // Namespaces still never mix.
    expect(await s.keyv('beta').get('a')).toBeUndefined();
    expect(await s.list('alpha')).toEqual([1]);
  });

  it('answers the write probe while the file is there', async () => {
    expect(await store!.probe()).toBe(true);
    expect(await store!.ping()).toBe(true);
  });

  it('detects a deleted file: probe false, calls fail, one log line, and no new file at the path', async () => {
    const s = store!;
    expect(await createBindingsRepo(s).get('T1', 'C1')).toMatchObject({ projectId: 'p1' });
    rmSync(file);
    expect(await s.probe()).toBe(false);
    expect(await s.ping()).toBe(false);
    await expectUnavailable(createBindingsRepo(s).get('T1', 'C1'), 'file_missing');
    await expectUnavailable(createBindingsRepo(s).listAll(), 'file_missing');
    await expectUnavailable(createPendingScansRepo(s).put({
      scanId: 's1',
      kind: 'trust',
      domain: 'example.com',
      teamId: 'T1',
      channelId: 'C1',
      messageTs: '1.2',
      startedBy: 'U1',
      startedAt: '2025-01-01T00:00:00.000Z',
      includeFixPrompts: false,
      lastStatus: 'queued',
      pollCount: 0,
      nextPollAt: '2025-01-01T00:00:01.000Z',
    }), 'file_missing');
    await expectUnavailable(s.claim('seen', 'x', 60_000), 'file_missing');
    expect(existsSync(file)).toBe(false);
    expect(unavailableLines()).toHaveLength(1);
    expect(unavailableLines()[0]).toMatchObject({ level: 'error', component: 'store', fault: 'file_missing' });
  });

  it('detects a file replaced by another (a restored copy, a different inode)', async () => {
    const s = store!;
    expect(await createBindingsRepo(s).get('T1', 'C1')).toMatchObject({ projectId: 'p1' });
    const other = join(dir, 'other.sqlite');
    writeFileSync(other, '');
    renameSync(other, file);
    expect(await s.probe()).toBe(false);
    await expectUnavailable(createBindingsRepo(s).get('T1', 'C1'), 'file_replaced');
    expect(unavailableLines()).toHaveLength(1);
  });

  it('uses the file again when the same file is put back, and says so once', async () => {
    const s = store!;
    const aside = join(dir, 'aside.sqlite');
    renameSync(file, aside);
    expect(await s.probe()).toBe(false);
    renameSync(aside, file);
    expect(await s.probe()).toBe(true);
    expect(await createBindingsRepo(s).get('T1', 'C1')).toMatchObject({ projectId: 'p1' });
    expect(captured.lines.filter((l) => l.msg === 'store available again')).toHaveLength(1);
  });

  // Checked by the file's permission bits, so it holds when the tests run as root too (root, and
  // the connection opened before the chmod, could still write).
  it('detects a file made read-only, and recovers when it is writable again', async () => {
    const s = store!;
    chmodSync(file, 0o444);
    expect(await s.probe()).toBe(false);
    await expectUnavailable(s.update('things', 'k', () => 1), 'read_only');
    chmodSync(file, 0o644);
    expect(await s.probe()).toBe(true);
    expect(await s.update('things', 'k', () => 2)).toEqual({ value: 2, written: true });
    expect(unavailableLines()).toHaveLength(1);
  });
});
