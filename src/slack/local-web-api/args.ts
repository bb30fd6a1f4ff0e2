import type { WebApiArgs } from './types.js';

/**
 * Reading Web API arguments the way Slack does: the WebClient sends form fields, so booleans
 * and numbers arrive as strings, while JSON bodies carry real ones.
 */

/** Fields the WebClient JSON-encodes inside a form body. */
const JSON_FIELDS = new Set(['blocks', 'attachments', 'view', 'metadata', 'files']);

/** Decodes a form body or query string, parsing the JSON-encoded fields. */
export function parseForm(text: string): WebApiArgs {
  const args: WebApiArgs = {};
  for (const [key, value] of new URLSearchParams(text)) {
    args[key] = JSON_FIELDS.has(key) ? parseJsonField(value) : value;
  }
  return args;
}

/** Decodes a JSON body; string values of the JSON-encoded fields are parsed as well. */
export function parseJsonBody(text: string): WebApiArgs {
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed)) throw new SyntaxError('JSON body is not an object');
  const args: WebApiArgs = { ...parsed };
  for (const key of JSON_FIELDS) {
    const value = args[key];
    if (typeof value === 'string') args[key] = parseJsonField(value);
  }
  return args;
}

function parseJsonField(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value; // Slack answers such a field with invalid_arguments; validators see the raw text.
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string argument, or undefined when absent or empty. */
export function stringArg(args: WebApiArgs, key: string): string | undefined {
  const value = args[key];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A boolean argument: `true`, `'true'` and `'1'` are true. */
export function booleanArg(args: WebApiArgs, key: string): boolean {
  const value = args[key];
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** A positive integer argument, or `fallback`. */
export function integerArg(args: WebApiArgs, key: string, fallback: number): number {
  const value = Number(args[key]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
