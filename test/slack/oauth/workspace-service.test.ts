/**
 * The facade `deps.service` is in OAuth mode (issue 32 item 2): each call goes with the current
 * workspace scope's key, refused outside any scope or without a key (never another key), one client
 * per key; the connect check says one sentence for a refused or slow key. Against the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/log.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createServiceClient, isServiceError, type ServiceClient } from '../../../src/service/index.js';
import { openStore, type Store } from '../../../src/store/backends/open-store.js';
import { createSecretBox } from '../../../src/store/crypto.js';
import { createServiceKeysRepo } from '../../../src/store/service-keys.js';
import { inWorkspace } from '../../../src/slack/workspace-scope.js';
import { createInstallationLookup } from '../../../src/store/team-installations.js';
import { createWorkspaceService, type WorkspaceService } from '../../../src/slack/workspace-service.js';

describe('the per-workspace service facade', () => {
  let sandbox: Sandbox;
  let store: Store;
  let dir: string;
  let ws: WorkspaceService;
  const made: string[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    dir = mkdtempSync(join(tmpdir(), 'radar-ws-'));
    const logger = createLogger({ level: 'error', secrets: [], sink: () => {} });
    store = await openStore(`sqlite://${join(dir, 'radar.sqlite')}`, { logger });
    ws = createWorkspaceService({
      keys: createServiceKeysRepo(store, createSecretBox({ current: randomBytes(32) })),
      lookup: createInstallationLookup(store),
      clientFor: (apiKey, purpose): ServiceClient => {
        made.push(purpose);
        return createServiceClient({ baseUrl: sandbox.url, apiKey, retry: false });
      },
      logger,
      checkWithinMs: 10_000,
    });
    await ws.keys.set('team:T1', sandbox.keys.readWrite, { scope: 'read_write', connectedBy: 'U1' });
    await ws.keys.set('enterprise:E1', sandbox.keys.otherOrg, { scope: 'read_write', connectedBy: 'U2' });
  });
  afterAll(async () => {
    await ws?.close();
    await store?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A team's own workspace install's scope.
  const inTeamScope = <T>(teamId: string, task: () => T): T => inWorkspace({ workspace: `team:${teamId}`, teamId }, task);
  const codeOf = async (call: Promise<unknown>) => call.then(() => 'served', (e: unknown) => (isServiceError(e) ? e.code : String(e)));

  it('fails closed outside any scope and in a workspace without a key, sending nothing', async () => {
    const before = sandbox.control.requests().length;
    expect(await codeOf(ws.service.listProjects())).toBe('no_workspace');
    expect(await codeOf(inTeamScope('T2', () => ws.service.listProjects()))).toBe('workspace_not_connected');
    expect(sandbox.control.requests().length).toBe(before);
  });

  it("serves each scope with its own key, one client per key", async () => {
    const before = sandbox.control.requests().length;
    await inTeamScope('T1', async () => {
      await ws.service.listProjects();
      await ws.service.listProjects();
    });
    await inWorkspace({ workspace: 'enterprise:E1', teamId: 'T9' }, () => ws.service.listProjects());
    // Interleaved scopes keep their own keys.
    await Promise.all([inTeamScope('T1', () => ws.service.listProjects()), inWorkspace({ workspace: 'enterprise:E1', teamId: 'T9' }, () => ws.service.listProjects())]);
    expect(sandbox.control.requests().slice(before).map((e) => e.keyId).sort()).toEqual(['key_acme_rw', 'key_acme_rw', 'key_acme_rw', 'key_other_rw', 'key_other_rw']);
    expect(made.filter((p) => p === 'serve')).toEqual(['serve', 'serve']);
  });

  it('gives each workspace its own facade object (what features cache per client stays per workspace); one kept past its scope serves no other', async () => {
    const first = inTeamScope('T1', () => ws.serviceOfScope());
    expect(inTeamScope('T1', () => ws.serviceOfScope())).toBe(first);
    expect(inWorkspace({ workspace: 'enterprise:E1', teamId: 'T9' }, () => ws.serviceOfScope())).not.toBe(first);
    expect(ws.serviceOfScope()).toBe(ws.service);
    const before = sandbox.control.requests().length;
    expect(await codeOf(inWorkspace({ workspace: 'enterprise:E1', teamId: 'T9' }, () => first.listProjects()))).toBe('no_workspace');
    expect(await codeOf(first.listProjects())).toBe('no_workspace');
    expect(sandbox.control.requests().length).toBe(before);
    expect(await codeOf(inTeamScope('T1', () => first.listProjects()))).toBe('served');
  });

  it('checks a key with a read and the scope probe, one sentence when it fails', async () => {
    expect(await ws.checkKey(sandbox.keys.readOnly)).toEqual({ ok: true, scope: 'read', projects: expect.any(Number) });
    expect(await ws.checkKey(sandbox.keys.readWrite)).toMatchObject({ ok: true, scope: 'read_write' });
    expect(await ws.checkKey(sandbox.keys.expired)).toEqual({ ok: false, sentence: 'The monitoring service refused this key (expired): paste an active key of your organisation.' });
    expect(await ws.checkKey('svc_live_0000000000000000000000000000000')).toMatchObject({ ok: false });
    expect(made).toContain('check');
  });

  it('says a check that outlasts its bound is too slow (the modal cannot wait for it)', async () => {
    const logger = createLogger({ level: 'error', secrets: [], sink: () => {} });
    const quick = createWorkspaceService({
      keys: ws.keys,
      lookup: createInstallationLookup(store),
      clientFor: (apiKey) => createServiceClient({ baseUrl: sandbox.url, apiKey, retry: false }),
      logger,
      checkWithinMs: 20,
    });
    // The listing answers long after the bound (the check does not wait for it).
    sandbox.control.addFault({ path: '^/v1/projects$', kind: 'latency', latencyMs: 1_000, times: 1 });
    try {
      expect(await quick.checkKey(sandbox.keys.readWrite)).toEqual({
        ok: false,
        sentence: 'The monitoring service took too long to answer the check of this key; please try again in a minute.',
      });
    } finally {
      await quick.close();
    }
  });
});
