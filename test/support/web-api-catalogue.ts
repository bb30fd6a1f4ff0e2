/**
 * Required parameters of Web API methods, read from Slack's OpenAPI 2.0 description in the
 * fixtures (test/fixtures/slack, copied from Slack's public sources; provenance and licence in its README). The README there says to treat it as a catalogue: it puts `token` in a
 * header (we skip it; the local Web API checks the token), declares some POST methods as GET,
 * and predates newer parameters such as `metadata` (so only missing required ones are checked).
 */
import { readFileSync } from 'node:fs';

const OPENAPI_URL = new URL('../fixtures/slack/web-api/slack_web_openapi_v2.json', import.meta.url);

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { name: string; required?: boolean }[] }>>;
}

let cached: Map<string, string[]> | undefined;

/** The parameters `method` requires besides `token`; empty for methods the catalogue lacks. */
export function requiredParams(method: string): string[] {
  cached ??= load();
  return cached.get(method) ?? [];
}

function load(): Map<string, string[]> {
  const spec = JSON.parse(readFileSync(OPENAPI_URL, 'utf8')) as OpenApi;
  const required = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(spec.paths)) {
    const names = Object.values(operations)
      .flatMap((op) => op.parameters ?? [])
      .filter((p) => p.required === true && p.name !== 'token')
      .map((p) => p.name);
    required.set(path.replace(/^\//, ''), [...new Set(names)]);
  }
  return required;
}
