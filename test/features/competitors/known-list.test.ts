/**
 * The competitor card starts from the competitor Radar already knows: binding a channel reads the
 * competitor list (named in the bind answer) and keeps it in the store's competitor directory, so
 * the first card, even after a restart, reads its parts beside the list read rather than after it.
 * A kept list that has gone stale is only a guess: the list read for the card decides.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { competitorDirectory } from '../../../src/features/competitor-match/directory.js';
import { CARD_PARTS } from '../../../src/features/competitors/competitor.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';

const NW = `/v1/projects/${SEED.projects.northwind.id}`;
const LIST = `${NW}/competitors`;
/** The endpoints the card's parts read (the digest poller's reads after a restart are not the card's). */
const PART_PATHS = new RegExp(`^${NW}/(pricing|ai-visibility|ai-sources|tech-trust|content|positioning)`);

/** A kept list item's domain (items Radar could not read have none). */
const domainOf = (item: unknown): unknown => (typeof item === 'object' && item !== null ? (item as { domain?: unknown }).domain : undefined);

describe('the competitor directory and the first competitor card', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness();
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  const reads = () => h.sandbox.control.requests().filter((r) => r.path.startsWith(`${NW}/`));

  it('binding names the competitors from one list read, read beside the binding', async () => {
    const text = replyText(await h.command('bind northwind', { channel: CHANNELS.intel }));
    expect(text).toContain('now bound to *Northwind CRM*');
    // Five named (the own domain is not a competitor), the sixth counted.
    expect(text).toMatch(/It monitors 6 competitors: [a-z.]+(, [a-z.]+){4} and 1 more \(`\/radar competitors`\)\./);
    expect(text).not.toContain('northwindcrm.com,');
    expect(reads().filter((r) => r.path === LIST)).toHaveLength(1);
  });

  it('a competitor list that cannot be read leaves the binding standing, without the sentence', async () => {
    h.sandbox.control.addFault({ path: `^${LIST}$`, kind: 'status', status: 500 });
    const text = replyText(await h.command('bind northwind', { channel: CHANNELS.intel }));
    expect(text).toContain('now bound to *Northwind CRM*');
    expect(text).not.toContain('It monitors');
    h.sandbox.control.clearFaults();
    expect(replyText(await h.command('status', { channel: CHANNELS.intel }))).toContain('Northwind CRM');
  });

  it('after a bind and a restart, the first card reads every part before the list read has answered', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.restart();
    h.sandbox.control.clearRequests();
    h.sandbox.control.addFault({ path: `^${LIST}$`, kind: 'latency', latencyMs: 300 });
    const text = replyText(await h.command('competitor pipedrift.com', { channel: CHANNELS.intel }));
    expect(text).toContain('*Positioning*');
    expect(text).toMatch(/Changelog: \d+ entr(y|ies), latest:/);
    const list = reads().filter((r) => r.path === LIST);
    const parts = reads().filter((r) => PART_PATHS.test(r.path));
    // One list read and one read per part: the guess cost nothing extra.
    expect(list).toHaveLength(1);
    expect(parts).toHaveLength(CARD_PARTS.length);
    expect(parts.find((r) => r.path.endsWith('/content/changelog'))?.query.competitorId).toBe('cmp_nw_pipedrift');
    for (const part of parts) expect(part.received).toBeLessThan(list[0]?.answered ?? 0);
  });

  it('a kept list that has gone stale is only a guess: the parts are read again for the competitor the list names', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    // Kept from an older list, Pipedrift's id has since changed.
    const directory = competitorDirectory(h.radar.deps.store, () => new Date());
    const kept = (await directory.recall(SEED.projects.northwind.id)) ?? [];
    expect(kept.length).toBeGreaterThan(0);
    await directory.remember(
      SEED.projects.northwind.id,
      kept.map((c) => (domainOf(c) === 'pipedrift.com' ? { ...(c as object), id: 'cmp_nw_pipedrift_old' } : c)) as typeof kept,
    );
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('competitor pipedrift', { channel: CHANNELS.intel }));
    const changelogReads = reads().filter((r) => r.path.endsWith('/content/changelog'));
    expect(changelogReads.map((r) => r.query.competitorId)).toEqual(['cmp_nw_pipedrift_old', 'cmp_nw_pipedrift']);
    expect(reads().filter((r) => PART_PATHS.test(r.path))).toHaveLength(2 * CARD_PARTS.length);
    // The card shows what the list read for it says, and the directory now keeps that list.
    expect(text).toMatch(/Changelog: \d+ entr(y|ies), latest:/);
    const now = await directory.recall(SEED.projects.northwind.id);
    expect((now?.find((c) => domainOf(c) === 'pipedrift.com') as { id?: string } | undefined)?.id).toBe('cmp_nw_pipedrift');
  });

  it('a name no kept list knows reads the list alone before saying so', async () => {
    await h.command('bind northwind', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('competitor nosuchrival', { channel: CHANNELS.intel }));
    expect(text).toContain('monitors no competitor “nosuchrival”');
    expect(reads().map((r) => r.path)).toEqual([LIST]);
  });
});
