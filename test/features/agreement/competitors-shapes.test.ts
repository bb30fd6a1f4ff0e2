/**
 * Shape variants of the competitor list (issue 27, item 6): the sandbox's Northwind list transformed as a
 * differently built service would answer (keys the spec does not name restyled, the identity nested under
 * `competitor`/`brand`/… or flat, fields moved one level, unknown fields with hostile strings added), read by
 * the list's reader and stated by `/radar competitors`, the card and `/radar bind`'s sentence: the same names,
 * domains, own flag and counts as the sandbox's own shape, and every hostile string escaped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitorsSentence } from '../../../src/features/bindings/bind.js';
import { competitorRefs } from '../../../src/features/competitors/competitor-ref.js';
import { cardView } from '../../../src/features/competitors/views/card-view.js';
import { competitorsView } from '../../../src/features/competitors/views/competitors-view.js';
import { NORTHWIND_COMPETITORS } from '../../../src/sandbox/seed/projects.js';
import { competitorSchema, tolerantItemsEnvelope } from '../../../src/service/index.js';
import { readCompetitorList } from '../../../src/service/read/competitors.js';
import { shapeVariants } from '../../support/shape-variants.js';
import { messageText } from '../../support/view-checks.js';

const RUNS = Math.min(60, Number(process.env.TOLERANT_RUNS ?? 40));
const RAW_MENTION = /<!here>|<!channel>|<@U1>|<#C123>|<https:\/\/evil/;

/** The list as the sandbox serves it (GET .../competitors). */
const BASE = { items: NORTHWIND_COMPETITORS.map((c) => ({ id: c.id, name: c.name, domain: c.domain, isOwn: c.isOwn, addedAt: c.addedAt })) };
/** What the spec names and places (2.1, 2.4): the envelope's `items`, each item's `domain` and `isOwn`. */
const KEEP = ['items', 'items.domain', 'items.isOwn'];

const parse = (payload: unknown) => readCompetitorList(tolerantItemsEnvelope(competitorSchema).parse(payload).items);
const facts = (payload: unknown) => competitorRefs(parse(payload)).refs.map((r) => [r.id, r.name, r.domain, r.isOwn]);
const entries = (payload: unknown) => competitorRefs(parse(payload)).refs.map((ref) => ({ ref, urls: { kind: 'failed' as const, why: 'not read here' } }));

describe('shape variants: the competitor list states the same facts in every consumer', () => {
  const expected = facts(BASE);
  const sentence = competitorsSentence(parse(BASE));

  it('the sandbox shape reads whole (the baseline the variants are held to)', () => {
    expect(expected).toHaveLength(NORTHWIND_COMPETITORS.length);
    expect(sentence).toContain('It monitors 6 competitors');
  });

  it('names, domains, own flag and counts survive every variant; hostile text arrives escaped', () => {
    fc.assert(
      fc.property(shapeVariants(BASE, { keep: KEEP }), (variant) => {
        const why = JSON.stringify(variant.choices);
        expect(facts(variant.payload), why).toEqual(expected);
        expect(competitorsSentence(parse(variant.payload)), why).toBe(sentence);
        const list = competitorsView('Northwind CRM', entries(variant.payload), 0);
        expect(JSON.stringify(list.blocks), why).not.toMatch(RAW_MENTION);
        const text = messageText(list);
        expect(text).toContain('6 competitors monitored');
        for (const c of NORTHWIND_COMPETITORS) expect(text, why).toContain(c.domain);
        const [first] = competitorRefs(parse(variant.payload)).refs;
        const card = cardView('Northwind CRM', first!, [], []);
        expect(JSON.stringify(card.blocks), why).not.toMatch(RAW_MENTION);
        expect(messageText(card), why).toContain('Northwind CRM (northwindcrm.com) (you)');
      }),
      { numRuns: RUNS },
    );
  });
});
