import { SandboxHttpError } from '../types.js';
import type { Route } from '../types.js';
import type { SandboxControl } from './control.js';
import { FAULT_KINDS } from './faults.js';
import type { FaultKind, FaultSpec } from './faults.js';

function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_parameters', message);
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('Body must be a JSON object');
  return body as Record<string, unknown>;
}

function optionalNumber(body: Record<string, unknown>, name: string, min: number): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) throw invalid(`${name} must be a number >= ${min}`);
  return value;
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`${name} must be a non-empty string`);
  return value;
}

/** Validates a `POST /__sandbox/faults` body. */
export function parseFaultSpec(input: unknown): FaultSpec {
  const body = asObject(input);
  const path = optionalString(body, 'path');
  if (path === undefined) throw invalid('path is required');
  if (path.startsWith('^')) {
    try {
      new RegExp(path);
    } catch {
      throw invalid('path is not a valid regular expression');
    }
  }
  if (!FAULT_KINDS.includes(body.kind as FaultKind)) throw invalid(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  const spec: FaultSpec = { path, kind: body.kind as FaultKind };
  const method = optionalString(body, 'method');
  const status = optionalNumber(body, 'status', 100);
  const code = optionalString(body, 'code');
  const retryAfter = optionalNumber(body, 'retryAfter', 0);
  const latencyMs = optionalNumber(body, 'latencyMs', 0);
  const times = optionalNumber(body, 'times', 1);
  if (status !== undefined && (!Number.isInteger(status) || status > 599)) throw invalid('status must be an HTTP status');
  if (method !== undefined) spec.method = method.toUpperCase();
  if (status !== undefined) spec.status = status;
  if (code !== undefined) spec.code = code;
  if (retryAfter !== undefined) spec.retryAfter = retryAfter;
  if (latencyMs !== undefined) spec.latencyMs = latencyMs;
  if (times !== undefined) spec.times = Math.floor(times);
  return spec;
}

const ok = { body: { item: { success: true } } };

/** The HTTP mirror of `SandboxControl` under `/__sandbox/` (no key). */
export function controlRoutes(control: SandboxControl, now: () => number): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/__sandbox/faults',
      scope: 'none',
      handler: ({ body }) => ({ body: { item: { id: control.addFault(parseFaultSpec(body)) } } }),
    },
    { method: 'GET', pattern: '/__sandbox/faults', scope: 'none', handler: () => ({ body: { items: control.faults() } }) },
    {
      method: 'DELETE',
      pattern: '/__sandbox/faults',
      scope: 'none',
      handler: () => {
        control.clearFaults();
        return ok;
      },
    },
    {
      method: 'GET',
      pattern: '/__sandbox/clock',
      scope: 'none',
      handler: () => ({ body: { item: { now: new Date(now()).toISOString() } } }),
    },
    {
      method: 'POST',
      pattern: '/__sandbox/clock',
      scope: 'none',
      handler: ({ body }) => {
        const advanceMs = optionalNumber(asObject(body), 'advanceMs', 0);
        if (advanceMs === undefined) throw invalid('advanceMs is required');
        control.advanceClock(advanceMs);
        return { body: { item: { now: new Date(now()).toISOString() } } };
      },
    },
    {
      method: 'POST',
      pattern: '/__sandbox/speed',
      scope: 'none',
      handler: ({ body }) => {
        const speed = optionalNumber(asObject(body), 'speed', Number.MIN_VALUE);
        if (speed === undefined) throw invalid('speed is required and must be > 0');
        control.setSpeed(speed);
        return { body: { item: { speed } } };
      },
    },
    { method: 'GET', pattern: '/__sandbox/requests', scope: 'none', handler: () => ({ body: { items: control.requests() } }) },
    {
      method: 'DELETE',
      pattern: '/__sandbox/requests',
      scope: 'none',
      handler: () => {
        control.clearRequests();
        return ok;
      },
    },
    { method: 'GET', pattern: '/__sandbox/docs/openapi.json', scope: 'none', handler: () => ({ body: control.description() }) },
    {
      method: 'PUT',
      pattern: '/__sandbox/docs/openapi.json',
      scope: 'none',
      handler: ({ body }) => {
        control.setDescription(asObject(body));
        return ok;
      },
    },
    {
      method: 'DELETE',
      pattern: '/__sandbox/docs/openapi.json',
      scope: 'none',
      handler: () => {
        control.setDescription(null);
        return ok;
      },
    },
    {
      method: 'POST',
      pattern: '/__sandbox/reset',
      scope: 'none',
      handler: () => {
        control.reset();
        return ok;
      },
    },
  ];
}
