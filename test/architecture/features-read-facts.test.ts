/**
 * Issue 27: no feature reads a raw payload or calls back into src/service/ to interpret one. Features
 * get facts from the service client's fact methods (src/service/reads/); from src/service/ they may
 * import types, constants, errors, and the pure helpers below, each of which takes facts (an
 * identity, a number, a key string), never a payload.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FACT_HELPERS = new Set([
  // errors and the client's own parts
  'isServiceError', 'ServiceError', 'isRateLimitHold', 'runInBackground', 'runInteractive', 'currentPriority', 'endpointGroup', 'THROTTLED_GROUPS', 'DEFAULT_RETRY_POLICY', 'CLIENT_ERROR_CODES',
  // identities (RowIdentity facts)
  'labelOf', 'matchIdentity', 'ownFirst',
  // AI facts: rows, standings, numbers
  'mergeBrandRows', 'brandName', 'standingStatement', 'tieWords', 'ratePercent', 'ratePercentValue',
  // positioning, sources, content: facts and key strings
  'neverRead', 'listTotal', 'categoryLabel', 'categoryKey', 'contentCategoryOf',
  // a diagnosis row's text (facts), an ISO string as a time
  'rowText', 'timeOf',
  // a part's value or words for it (tolerant facts), a key's stem, a number as a percent
  'valueOr', 'keyStem', 'unreadableText',
]);
/** Constants (upper case) are never readers. */
const isConstant = (name: string) => /^[A-Z][A-Z0-9_]+$/.test(name);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Value names a file imports from the service's readers and schemas (`service/read/`,
 * `service/schemas/`, or the `service/index.js` that re-exports them); type-only imports and `type`
 * members left out. (`service/tolerant.js`, `extras.ts` and the key and contract probes hold no reader:
 * they say what an already-read value is, or ask the service something.)
 */
function serviceValueImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(?:\.\.\/)+service\/(?:read\/|schemas\/|index\.js)[^']*'/g)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]?.trim() ?? name);
    }
  }
  return names;
}

describe('features read facts, never payloads (issue 27)', () => {
  it('imports from src/service/ nothing but types, constants and helpers that take facts', () => {
    const offending: string[] = [];
    for (const file of filesUnder('src/features')) {
      for (const name of serviceValueImports(readFileSync(file, 'utf8'))) {
        if (!FACT_HELPERS.has(name) && !isConstant(name)) offending.push(`${file}: ${name}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the check sees a reader imported from service/', () => {
    expect(serviceValueImports("import { readPricingRun, type PricingFacts } from '../../service/schemas/pricing.js';")).toEqual(['readPricingRun']);
    expect(serviceValueImports("import type { PricingFacts } from '../../service/index.js';")).toEqual([]);
  });
});
