/**
 * One tech-trust payload, every consumer (issue 27): a block missing from a row (no trust signals, no security
 * headers, no tech stack, no DNS) is "not reported" in /radar tech, on the card and in the watch; a block that is
 * there but unreadable is "couldn't read" in the first two, and the watch states no change from it.
 */
import { describe, expect, it } from 'vitest';
import { trustFactLines } from '../../../src/features/competitors/card/trust-part.js';
import { techView } from '../../../src/features/tech/views/tech-view.js';
import { changesOf } from '../../../src/features/watches/changes/index.js';
import { readTechTrust } from '../../../src/service/index.js';
import { messageText } from '../../support/view-checks.js';
import { watchPair } from '../../support/watch-runs.js';

const full = { competitorId: 'cmp_a', domain: 'acme.com', securityHeaders: { grade: 'B', score: 70 }, trustSignals: 14, techStack: ['Next.js'], dns: { provider: 'Cloudflare' } };
const missing = { competitorId: 'cmp_a', domain: 'acme.com' };
const unreadable = { competitorId: 'cmp_a', domain: 'acme.com', securityHeaders: 'B', trustSignals: 'many', techStack: 'Next.js', dns: 'Cloudflare' };
const payload = (row: Record<string, unknown>) => ({ competitors: [row] });
const ref = { competitorId: 'cmp_a', domain: 'acme.com', name: null };

function techText(row: Record<string, unknown>): string {
  const facts = readTechTrust(payload(row));
  return messageText(techView('Acme', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full: true }));
}
const cardText = (row: Record<string, unknown>) => trustFactLines(readTechTrust(payload(row)), ref as never).join('\n');
const watchText = (before: Record<string, unknown>, after: Record<string, unknown>) => changesOf('tech', watchPair('tech', { previous: payload(before), current: payload(after) })).map((c) => c.line).join('\n');

describe('tech: a missing block is "not reported", an unreadable one "couldn’t read", in every consumer', () => {
  it('a row without the blocks: not reported in /radar tech and on the card, never "couldn’t read"', () => {
    const tech = techText(missing);
    const card = cardText(missing);
    for (const text of [tech, card]) {
      expect(text).toContain('_not reported_');
      expect(text).not.toMatch(/couldn't read/);
    }
    expect(card).toContain('Trust signals: _not reported_ · security headers: grade _not reported_ · score _not reported_');
  });

  it('a row whose blocks are there but unreadable: "couldn’t read" in both', () => {
    expect(techText(unreadable)).toMatch(/couldn't read/);
    expect(cardText(unreadable)).toMatch(/Trust signals: _couldn't read/);
  });

  it('the watch: a block gone is "no longer reported"; an unreadable block states no change', () => {
    const gone = watchText(full, missing);
    expect(gone).toContain('trust signals found no longer reported (was 14 of 26)');
    expect(gone).toContain('security grade no longer reported (was B)');
    const back = watchText(missing, full);
    expect(back).toContain('now reported: trust signals found 14 of 26');
    expect(back).not.toContain('now measured');
    const unread = watchText(full, unreadable);
    expect(unread).not.toMatch(/trust signals|security grade|security score/);
  });
});
