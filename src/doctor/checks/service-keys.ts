/**
 * OAuth mode's service keys (issue 32): each connected workspace's key is opened with the encryption
 * keys and used for one cheap read (`GET /v1/projects`), at most `concurrency` workspaces at once and
 * each within `timeoutMs`. One line per workspace with the key's fingerprint (never the key); a key
 * that no longer opens names its team and the Home tab's *Replace key*. A sealed key that does not
 * open with RADAR_ENCRYPTION_KEY is the operator's to fix (fail); a key the service refuses is that
 * workspace's (warn: the other workspaces are served).
 */
import pLimit from 'p-limit';
import type { Config } from '../../config.js';
import { isServiceError } from '../../service/errors.js';
import { createServiceClient } from '../../service/index.js';
import { openStore } from '../../store/backends/open-store.js';
import { createSecretBox } from '../../store/crypto.js';
import { createInstallationStore } from '../../store/installations.js';
import { createServiceKeysRepo, type ServiceConnection } from '../../store/service-keys.js';
import { fail, pass, warn } from '../types.js';
import type { CheckResult } from '../types.js';

export interface ServiceKeysCheckOptions {
  /** Where the keys are sent: SVC_BASE_URL (or the sandbox the doctor started). */
  baseUrl: string;
  /** Workspaces checked at once (default 8). */
  concurrency?: number;
  /** Time one workspace's read may take (default 10 s). */
  timeoutMs?: number;
}

type Outcome = { connection: ServiceConnection; team: string } & (
  | { state: 'opens'; projects: number }
  | { state: 'sealed' }
  | { state: 'refused' | 'unchecked'; reason: string }
);

const REPLACE = "an admin of the workspace presses Replace key on Radar's Home tab and pastes a working key";

export async function checkServiceKeys(config: Config, options: ServiceKeysCheckOptions): Promise<CheckResult[]> {
  const { encryption } = config;
  if (!config.oauth || !encryption) return [];
  let store;
  try {
    store = await openStore(config.storeUrl, { namespacePrefix: config.storePrefix });
  } catch (error) {
    return [warn('service keys', `the store could not be opened to check the workspaces' service keys (${error instanceof Error ? error.message : String(error)})`, 'See the store check below.')];
  }
  try {
    const box = createSecretBox(encryption);
    const keys = createServiceKeysRepo(store, box);
    const connections = await keys.connections();
    if (connections.length === 0) return [pass('service keys', 'no workspace has connected a service key yet')];
    const names = new Map<string, string>();
    try {
      for (const i of await createInstallationStore(store, box).list()) if (i.teamName) names.set(i.key, i.teamName);
    } catch {
      // Names are a courtesy: the workspace's id is always given.
    }
    const timeoutMs = options.timeoutMs ?? 10_000;
    const limit = pLimit(options.concurrency ?? 8);
    const outcomes = await Promise.all(
      connections.map((connection) =>
        limit(async (): Promise<Outcome> => {
          const name = names.get(connection.workspace);
          const team = name ? `${connection.workspace} (${name})` : connection.workspace;
          const apiKey = await keys.keyOf(connection.workspace);
          if (apiKey === undefined) return { connection, team, state: 'sealed' };
          const service = createServiceClient({
            baseUrl: options.baseUrl,
            apiKey,
            retry: false,
            userAgent: 'radar-doctor',
            timeouts: { connectMs: timeoutMs, headersMs: timeoutMs, bodyMs: timeoutMs },
          });
          let timer: NodeJS.Timeout | undefined;
          try {
            const timedOut = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)));
            const projects = await Promise.race([service.listProjects(), timedOut]);
            return { connection, team, state: 'opens', projects: projects.length };
          } catch (error) {
            if (isServiceError(error) && (error.status === 401 || error.status === 403)) return { connection, team, state: 'refused', reason: `HTTP ${error.status} ${error.code}` };
            const reason = isServiceError(error) ? `${error.status === null ? 'no answer' : `HTTP ${error.status}`} ${error.code}` : error instanceof Error ? error.message : String(error);
            return { connection, team, state: 'unchecked', reason };
          } finally {
            clearTimeout(timer);
            await service.close().catch(() => undefined);
          }
        }),
      ),
    );
    return [summarise(outcomes)];
  } finally {
    await store.close();
  }
}

function summarise(outcomes: Outcome[]): CheckResult {
  const total = outcomes.length;
  const count = (state: Outcome['state']) => outcomes.filter((o) => o.state === state).length;
  const details = outcomes.map((o) => {
    const key = `key ${o.connection.fingerprint}`;
    switch (o.state) {
      case 'opens':
        return `${o.team}: ${key} opens (${o.projects} project${o.projects === 1 ? '' : 's'} visible)`;
      case 'sealed':
        return `${o.team}: ${key} cannot be unsealed with RADAR_ENCRYPTION_KEY or RADAR_ENCRYPTION_KEY_PREVIOUS; ${REPLACE}`;
      case 'refused':
        return `${o.team}: ${key} no longer opens (the service answers ${o.reason}); ${REPLACE}`;
      case 'unchecked':
        return `${o.team}: ${key} could not be checked (${o.reason})`;
    }
  });
  const of = (n: number) => `${n} of ${total} workspace${total === 1 ? '' : 's'}'`;
  const [sealed, refused, unchecked] = [count('sealed'), count('refused'), count('unchecked')];
  if (sealed > 0) {
    return fail(
      'service keys',
      `${of(sealed)} service keys cannot be unsealed`,
      `Set RADAR_ENCRYPTION_KEY_PREVIOUS to the key they were sealed with; otherwise, for each workspace named below, ${REPLACE}.`,
      details,
    );
  }
  if (refused > 0) return warn('service keys', `${of(refused)} service keys no longer open (the other workspaces are served)`, `For each workspace named below, ${REPLACE}.`, details);
  if (unchecked > 0) return warn('service keys', `${of(unchecked)} service keys could not be checked`, 'Check that the service answers (SVC_BASE_URL), then run npm run doctor again.', details);
  return pass('service keys', `every workspace's service key opens (${total} workspace${total === 1 ? '' : 's'}, one read each)`, details);
}
