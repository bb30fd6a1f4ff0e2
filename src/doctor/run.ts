/**
 * The doctor's runner: parses the configuration, starts the built-in sandbox when no service is
 * configured (saying so first), runs every check in order and formats one line per check with what
 * to do when it is not a pass. Exit code 1 when anything blocks going live.
 */
import { ConfigError, loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { createServiceClient } from '../service/index.js';
import { checkContract, checkHealth, checkKey, checkPlan, checkScope } from './checks/service.js';
import { checkSlack } from './checks/slack.js';
import { checkServiceKeys, type ServiceKeysCheckOptions } from './checks/service-keys.js';
import { checkStore } from './checks/store.js';
import { fail, pass } from './types.js';
import type { CheckResult } from './types.js';

export interface DoctorReport {
  results: CheckResult[];
  /** 0 when nothing fails (warnings allowed), 1 otherwise. */
  exitCode: 0 | 1;
  /** The printable text: one line per check, fixes and details indented under it, a verdict last. */
  text: string;
}

export interface DoctorOptions {
  /** Called with each result as soon as it is known (the entry prints as it goes). */
  onResult?: (result: CheckResult, secrets: readonly string[]) => void;
  /** OAuth mode: how many workspaces' keys are checked at once, and each one's time (tests shorten it). */
  serviceKeys?: Pick<ServiceKeysCheckOptions, 'concurrency' | 'timeoutMs'>;
}

export async function runDoctor(env: Record<string, string | undefined>, options: DoctorOptions = {}): Promise<DoctorReport> {
  const results: CheckResult[] = [];
  let secrets: string[] = [];
  const add = (...found: CheckResult[]) => {
    for (const r of found) {
      results.push(r);
      options.onResult?.(r, secrets);
    }
  };
  const closers: (() => Promise<void>)[] = [];
  try {
    let config: Config;
    try {
      config = loadConfig(env);
    } catch (error) {
      add(fail('configuration', `the configuration does not parse: ${error instanceof ConfigError ? error.message : String(error)}`, 'Fix the variable named above in the environment or .env (see .env.example), then run npm run doctor again.'));
      return finish(results, secrets);
    }
    secrets = [...config.secrets];

    let target = config.service;
    if (!target) {
      const { startSandbox } = await import('../sandbox/index.js');
      const sandbox = await startSandbox({ port: 0, speed: config.sandboxSpeed });
      closers.push(() => sandbox.close());
      target = { baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite };
      secrets.push(sandbox.keys.readWrite);
      add(fail('sandbox', `No SVC_BASE_URL: checking the built-in sandbox with demo data (${sandbox.url}), not a real service`, 'Set SVC_BASE_URL and SVC_API_KEY to the real service and run npm run doctor again before going live.'));
    }
    add(pass('configuration', `the configuration parses (mode ${config.mode}, store ${config.storeUrl.split(':')[0] ?? '?'})`));

    const service = createServiceClient({ baseUrl: target.baseUrl, apiKey: target.apiKey ?? '', retry: false, userAgent: 'radar-doctor' });
    closers.push(() => service.close());
    const where = new URL(target.baseUrl).origin;
    const health = await checkHealth(service, where);
    add(health);
    // OAuth mode without SVC_API_KEY: every workspace brings its own key (checked with the installations).
    if (target.apiKey === null) add(pass('api key', 'no SVC_API_KEY: installs from a link, each workspace connects its own key (checked below)'));
    else if (health.ok) {
      const key = await checkKey(service);
      add(key.result);
      if (key.result.ok) {
        add(await checkScope(service, key.projectId));
        add(await checkPlan(service));
        add(await checkContract(service));
      }
    }

    add(...(await checkSlack(config)));
    // Installs from a link: each workspace's own key, opened and used for one read.
    add(...(await checkServiceKeys(config, { baseUrl: target.baseUrl, ...options.serviceKeys })));
    add(...(await checkStore(config.storeUrl, config.storePrefix)));
    return finish(results, secrets);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

const LABEL: Record<CheckResult['level'], string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' };

/** Replaces every secret (and anything that looks like a Slack token) in a line. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(/\bx(?:oxb|oxp|app)-[A-Za-z0-9-]+/g, '[redacted]');
}

/** The lines of one result. */
export function formatResult(result: CheckResult, secrets: readonly string[] = []): string {
  const lines = [`${LABEL[result.level]}  ${result.name}: ${result.line}`];
  for (const detail of result.details ?? []) lines.push(`      - ${detail}`);
  if (result.fix && result.level !== 'pass') lines.push(`      fix: ${result.fix}`);
  return redact(lines.join('\n'), secrets);
}

/**
 * What going live still lacks, named by what to set: a real service (the sandbox stands in when
 * SVC_BASE_URL is unset) and Slack (console mode when SLACK_BOT_TOKEN is unset). Never "ready" without both.
 */
function missingForLive(results: readonly CheckResult[]): string[] {
  const missing: string[] = [];
  if (results.some((r) => r.name === 'sandbox')) missing.push('a real service (SVC_BASE_URL, SVC_API_KEY)');
  if (results.some((r) => r.name === 'slack')) missing.push('Slack (SLACK_BOT_TOKEN, and SLACK_APP_TOKEN or SLACK_SIGNING_SECRET)');
  return missing;
}

function verdict(results: readonly CheckResult[]): string {
  const missing = missingForLive(results);
  if (missing.length > 0) {
    const checked = results.some((r) => r.name === 'sandbox') ? 'only the built-in sandbox was checked' : 'the service was checked';
    return `Not ready to go live: ${checked}; missing ${missing.join(' and ')}.`;
  }
  const failing = results.filter((r) => r.level === 'fail').length;
  const warning = results.filter((r) => r.level === 'warn').length;
  if (failing > 0) return `Not ready to go live: ${failing} check${failing === 1 ? '' : 's'} failed${warning ? `, ${warning} warning${warning === 1 ? '' : 's'}` : ''}.`;
  return warning > 0 ? `Ready to go live, with ${warning} warning${warning === 1 ? '' : 's'} to read.` : 'Ready to go live.';
}

function finish(results: CheckResult[], secrets: readonly string[]): DoctorReport {
  const text = [...results.map((r) => formatResult(r, secrets)), verdict(results)].join('\n');
  return { results, exitCode: results.some((r) => r.level === 'fail') ? 1 : 0, text };
}
