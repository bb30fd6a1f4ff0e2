/**
 * The positioning views on the sandbox's own answer and on shapes the spec leaves open: the three
 * states of a messaging string (value, "" has none, null never read) plus omitted ("not reported"),
 * keys recased or one level down, a missing rows list or analysis (that part says so, the rest
 * renders), Block Kit limits with many competitors, escaping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positioningCompactView, positioningFullView } from '../../../../src/features/positioning/views/positioning-view.js';
import { createServiceClient, readPositioning, type PositioningFacts, type PositioningRow, type ServiceClient } from '../../../../src/service/index.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { LIMITS } from '../../../../src/slack/blocks/index.js';
import { messageText } from '../../../support/view-checks.js';

type Json = Record<string, unknown>;

describe('positioning views', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let answer: Json;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    answer = await service.getDimension('prj_northwind', 'positioning');
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  const copy = (): Json => structuredClone(answer);
  const rowsOf = (item: Json) => item.competitors as Json[];
  const rowOf = (facts: PositioningFacts, domain: string): PositioningRow => {
    if (facts.rows.kind !== 'value') throw new Error('rows unreadable');
    return facts.rows.value.find((r) => r?.identity.domain === domain)!;
  };
  const full = (item: Json, domain: string) => {
    const facts = readPositioning(item);
    return messageText(positioningFullView('Northwind CRM', facts, rowOf(facts, domain)));
  };
  const compact = (item: Json) => messageText(positioningCompactView('Northwind CRM', readPositioning(item), () => 'sealed'));

  it('an omitted messaging key reads "not reported": neither "never read" nor "the page has none"', () => {
    const item = copy();
    const hub = rowsOf(item).find((r) => r.domain === 'hubforge.io')!;
    delete hub.targetAudience;
    delete hub.valuePropositions;
    const text = full(item, 'hubforge.io');
    expect(text).toContain('*Target audience:* _not reported_');
    expect(text).toContain('*Value propositions:* _not reported_');
    expect(text).toContain('*Subheadline:* _the page has none_');
  });

  it('keys recased or one level down are read as they were', () => {
    const item = copy();
    item.competitors = rowsOf(item).map((r) => {
      const { headline, subheadline, primaryCta, secondaryCta, targetAudience, valuePropositions, ...rest } = r;
      return { ...rest, messaging: { HEADLINE: headline, SubHeadline: subheadline, primaryCTA: primaryCta, secondaryCta, targetaudience: targetAudience, valuePropositions } };
    });
    const text = full(item, 'hubforge.io');
    expect(text).toContain('*Headline:* “Grow better with one connected platform”');
    expect(text).toContain('*Subheadline:* _the page has none_');
    expect(text).toContain('*Target audience:* “Marketing and sales teams”');
    expect(text).toMatch(/\*Primary call to action:\* “Get started free”/);
    expect(full(item, 'dealstream.io')).toContain('*Headline:* _never read_');
  });

  it('a rows list Radar cannot find says so in one line; the analysis still renders', () => {
    const item = copy();
    item.rivals = item.competitors;
    delete item.competitors;
    const text = compact({ ...item, rivals: 'not a list' });
    expect(text).toContain("Competitors: Radar couldn't read this part of the service's answer.");
    expect(text).toContain('*Crowded claims:* all-in-one, AI assistant');
  });

  it('no analysis in the answer is said as such; an unreadable one in one line; the rows still render', () => {
    const item = copy();
    delete item.messagingAnalysis;
    expect(compact(item)).toContain('This answer carries no competitive messaging analysis.');
    const odd = { ...copy(), messagingAnalysis: 42 };
    const text = compact(odd);
    expect(text).toContain("Competitive messaging analysis: Radar couldn't read");
    expect(text).toContain('*pipedrift.com*');
  });

  it('other row keys are shown humanised and escaped, not interpreted', () => {
    const item = copy();
    rowsOf(item)[1]!.toneOfVoice = '<!channel> bold & direct';
    const text = full(item, 'pipedrift.com');
    expect(text).toContain('*Tone of voice:* “<!channel> bold & direct”');
    const facts = readPositioning(item);
    const blocks = JSON.stringify(positioningFullView('P', facts, rowOf(facts, 'pipedrift.com')).blocks);
    expect(blocks).toContain('&lt;!channel&gt; bold &amp; direct');
  });

  it('sixty competitors stay within Slack’s limits, with the rest pointed to', () => {
    const item = copy();
    const base = rowsOf(item)[1]!;
    item.competitors = Array.from({ length: 60 }, (_, i) => ({ ...base, competitorId: `c${i}`, domain: `rival-${i}.com`, headline: 'x'.repeat(4000) }));
    const view = positioningCompactView('Northwind CRM', readPositioning(item), () => 'sealed');
    expect(view.blocks.length).toBeLessThanOrEqual(LIMITS.blocksPerMessage - 1);
    expect(messageText(view)).toContain('more competitors: `/radar positioning <domain>` shows any one');
  });
});
