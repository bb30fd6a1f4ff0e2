/**
 * Service checks: it answers `/v1/health`; the key is accepted; its scope (read or read_write) and
 * whether the organisation has a plan, each probed with a request that cannot create anything; and
 * the service's own description against what Radar reads (`src/service/contract.ts`).
 */
import { probeScope } from '../../service/key-scope.js';
import { readable } from '../../service/tolerant.js';
import { isServiceError } from '../../service/errors.js';
import type { ServiceClient } from '../../service/index.js';
import { compareWithDescription, worstLevel } from '../../service/contract-check.js';
import { fail, pass, warn } from '../types.js';
import type { CheckResult } from '../types.js';

const reason = (error: unknown): string => {
  if (isServiceError(error)) return `${error.status === null ? 'no answer' : `HTTP ${error.status}`} ${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

export async function checkHealth(service: ServiceClient, where: string): Promise<CheckResult> {
  try {
    await service.health();
    return pass('service', `the service answers /v1/health at ${where}`);
  } catch (error) {
    return fail('service', `the service does not answer /v1/health at ${where} (${reason(error)})`, 'Check SVC_BASE_URL and that this host can reach it (DNS, proxy, firewall); the spec path is {base_url}/v1/health.');
  }
}

const KEY_FIXES: Record<string, string> = {
  api_key_missing: 'Set SVC_API_KEY.',
  api_key_invalid: 'SVC_API_KEY is malformed or unknown: copy the whole key (it is shown once at creation) or create a new one in the dashboard under API keys.',
  api_key_revoked: 'The key was revoked: create a new one in the dashboard under API keys and set SVC_API_KEY.',
  api_key_expired: 'The key has expired: create a new one in the dashboard under API keys and set SVC_API_KEY.',
};

/** The key is accepted when the project list answers; resolves the first visible project for the probes. */
export async function checkKey(service: ServiceClient): Promise<{ result: CheckResult; projectId: string | null }> {
  try {
    const projects = await service.listProjects();
    const n = projects.length;
    return { result: pass('api key', `the API key is accepted (${n} project${n === 1 ? '' : 's'} visible)`), projectId: readable(projects)[0]?.id ?? null };
  } catch (error) {
    const code = isServiceError(error) ? error.code : '';
    const fix = KEY_FIXES[code] ?? 'Check SVC_API_KEY and that the service answers GET /v1/projects.';
    return { result: fail('api key', `the service refuses the API key (${reason(error)})`, fix), projectId: null };
  }
}

export async function checkScope(service: ServiceClient, projectId: string | null): Promise<CheckResult> {
  if (projectId === null) {
    return warn('key scope', 'no project is visible to this key, so its scope could not be probed', 'Add a project in the dashboard (a ticket probe needs one), then run npm run doctor again.');
  }
  const scope = await probeScope(service, projectId);
  if (scope === 'read_write') return pass('key scope', 'the key is read_write: tickets and comments can be written (probed with an empty ticket create; nothing was created)');
  if (scope === 'read') {
    return warn('key scope', 'the key is read-only: reads work, but tickets and comments cannot be written from Slack', 'For ticket and comment writes, create a read_write key in the dashboard under API keys and set SVC_API_KEY.');
  }
  return warn('key scope', 'the key scope could not be determined (the empty ticket create got an unexpected answer)', 'Check that POST /v1/projects/{projectId}/tickets answers 400 for an empty body, or ask the service operator which scope the key has.');
}

/**
 * Whether the organisation has a plan, from a fetch-url with an empty body: 402 means no plan,
 * 400 (the body) means one; nothing is fetched (the service checks the plan before the body).
 */
export async function checkPlan(service: ServiceClient): Promise<CheckResult> {
  try {
    await service.fetchUrl({} as never);
    return warn('plan', 'the plan could not be determined (an empty fetch-url was accepted)', 'Check the organisation\'s plan in the dashboard.');
  } catch (error) {
    if (isServiceError(error) && error.status === 402) {
      return warn('plan', 'the organisation has no plan: /radar scan (trust signals, agent adoption) will answer that a plan is needed; reads and tickets work', 'Subscribe the organisation to a plan in the dashboard if scans are wanted.');
    }
    if (isServiceError(error) && error.status === 400) return pass('plan', 'the organisation has a plan: scans and tools are available (probed with an empty fetch-url; nothing was fetched)');
    return warn('plan', `the plan could not be determined (${reason(error)})`, 'Run npm run doctor again; if it persists, check the organisation\'s plan in the dashboard.');
  }
}

/** The service's description (`/v1/docs/openapi.json`) against Radar's contract. */
export async function checkContract(service: ServiceClient): Promise<CheckResult> {
  let document: unknown;
  try {
    document = await service.describe();
  } catch (error) {
    return warn('description', `the service's description could not be read from /v1/docs/openapi.json (${reason(error)}), so Radar's reads were not compared with it`, 'Check that the service publishes /v1/docs/openapi.json (spec 9); Radar still runs, but differences would only show in Slack.');
  }
  const report = compareWithDescription(document);
  const version = report.version === null ? 'no version' : `version ${report.version}`;
  const level = worstLevel(report);
  if (level === 'fine') {
    return pass('description', `the service's description (${version}) matches what Radar reads: ${report.endpoints} endpoints, ${report.fields} fields`);
  }
  const n = report.differences.length;
  const line = `${n} difference${n === 1 ? '' : 's'} between the service's description (${version}) and what Radar reads`;
  const details = report.differences.map((d) => d.sentence);
  const fix = 'Radar was written against another version of the service: check the service\'s changelog for these endpoints and fields, then update Radar (src/service/contract.ts lists what it reads).';
  return level === 'fail' ? fail('description', line, fix, details) : warn('description', line, fix, details);
}
