/**
 * One reading per area (issue 27), the competitor list: one competitors payload, its identities nested
 * (under `competitor`, under `profile`, flat) in other key styles, with fields the spec does not name
 * (hostile text among them), read once by the list's reader (`readCompetitorList`) and stated alike by
 * every consumer that shows competitors: `/radar competitors`, the competitor card, `/radar bind`'s
 * sentence, the typed-competitor matcher (card, dimension commands) and the list kept in the directory
 * (what the card's early reads and pickers recall): the same names, domains and counts, the unknown
 * fields shown escaped, never a raw mention.
 */
import { describe, expect, it } from 'vitest';
import { competitorsSentence } from '../../../src/features/bindings/bind.js';
import { competitorIdentities } from '../../../src/features/competitor-match/find-competitor.js';
import { matchCompetitor } from '../../../src/features/competitor-match/match-competitor.js';
import { competitorRefs, refLabel } from '../../../src/features/competitors/competitor-ref.js';
import { cardView } from '../../../src/features/competitors/views/card-view.js';
import { competitorsView } from '../../../src/features/competitors/views/competitors-view.js';
import { competitorSchema, tolerantItemsEnvelope } from '../../../src/service/index.js';
import { readCompetitorList } from '../../../src/service/read/competitors.js';
import { messageText } from '../../support/view-checks.js';

const HOSTILE = '*bold* <!here> <@U1>';
const RAW_MENTION = /<!here>|<@U1>/;

const payload = {
  items: [
    { id: 'cmp_own', profile: { name: 'Northwind', domain: 'northwind.example', is_own: true } },
    { competitor: { competitor_id: 'cmp_acme', display_name: 'Acme Corp', website: 'https://acme.io/' }, account_tier: `enterprise ${HOSTILE}` },
    { Id: 'cmp_beta', Domain: 'beta.dev', Name: 'Beta', IsOwn: false, tracked_since: '2026-01-05' },
    { competitor: { id: 'cmp_gamma', domain: 'gamma.app' } },
    // No domain anywhere: one Radar couldn't read, counted, never a name.
    { note: 'no identity here' },
  ],
};

describe('the competitor list: every consumer states the same names, domains and counts', () => {
  const items = tolerantItemsEnvelope(competitorSchema).parse(payload).items;
  const listFacts = readCompetitorList(items);
  const { refs, unreadable } = competitorRefs(listFacts);

  it('the reader finds each identity where it sits (nested, any key style) and counts the unreadable item', () => {
    expect(refs.map((r) => [r.id, r.name, r.domain, r.isOwn])).toEqual([
      ['cmp_own', 'Northwind', 'northwind.example', true],
      ['cmp_acme', 'Acme Corp', 'acme.io', false],
      ['cmp_beta', 'Beta', 'beta.dev', false],
      ['cmp_gamma', null, 'gamma.app', false],
    ]);
    expect(unreadable).toBe(1);
  });

  it('/radar competitors, the card, the bind sentence and the matcher name them alike', () => {
    const entries = refs.map((ref) => ({ ref, urls: { kind: 'failed' as const, why: 'not read in this test' } }));
    const list = competitorsView('Northwind', entries, unreadable);
    expect(JSON.stringify(list.blocks)).not.toMatch(RAW_MENTION);
    const listText = messageText(list);
    expect(listText).toContain('3 competitors monitored');
    expect(listText).toContain('*Northwind* · northwind.example _(you)_');
    expect(listText).toContain('*Acme Corp* · acme.io');
    expect(listText).toContain('*Beta* · beta.dev');
    expect(listText).toContain('*gamma.app*');
    expect(listText).toContain("One competitor Radar couldn't read");
    // The field the spec does not name, said after the named ones, escaped.
    expect(listText).toContain(`Account tier enterprise ${HOSTILE}`);
    expect(listText).toContain('Tracked since 2026-01-05');
    expect(listText).not.toContain('unnamed competitor');

    const sentence = competitorsSentence(listFacts);
    expect(sentence).toBe(' It monitors 3 competitors: acme.io, beta.dev, gamma.app.');

    const acme = refs.find((r) => r.domain === 'acme.io');
    expect(acme).toBeDefined();
    const card = cardView('Northwind', acme!, [], []);
    expect(JSON.stringify(card.blocks)).not.toMatch(RAW_MENTION);
    const cardText = messageText(card);
    expect(cardText).toContain('Acme Corp (acme.io)');
    expect(cardText).toContain(`Account tier enterprise ${HOSTILE}`);
    expect(refLabel(acme!)).toBe('Acme Corp (acme.io)');

    // The typed-competitor matcher reads the same identities: a name, a URL and an id all find Acme.
    const identities = competitorIdentities(listFacts);
    expect(identities.map((i) => i.domain)).toEqual(refs.map((r) => r.domain));
    for (const typed of ['acme corp', 'https://www.acme.io/pricing', 'cmp_acme']) {
      const found = matchCompetitor(identities, (c) => c, typed);
      expect(found.kind === 'one' ? found.match.domain : found.kind).toBe('acme.io');
    }
  });

  it('a list kept in the directory (plain JSON in the store) reads back the same', () => {
    const kept = JSON.parse(JSON.stringify(listFacts)) as typeof listFacts;
    const again = competitorRefs(kept);
    expect(again.refs.map((r) => [r.id, r.name, r.domain, r.isOwn])).toEqual(refs.map((r) => [r.id, r.name, r.domain, r.isOwn]));
    expect(again.unreadable).toBe(1);
  });
});
