/** The rows a change rule reads come from its area's reader: a competitor's identity found on the row or nested, under another list key. */
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../../src/features/watches/changes/index.js';
import { watchPair } from '../../../support/watch-runs.js';

describe('rows of a run', () => {
  it('rows under another list key and nested identities are matched across runs', () => {
    const run = (plans: number) => ({ summary: {}, sites: [{ competitor: { domain: 'pipedrift.com' }, plan_count: plans }] });
    const lines = changesOf('pricing', watchPair('pricing', { previous: run(4), current: run(5) })).map((c) => c.line);
    expect(lines).toContain('*pipedrift.com*: plan count 4 → 5');
  });
});
