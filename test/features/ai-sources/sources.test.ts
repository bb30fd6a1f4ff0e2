import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';

const NW = SEED.projects.northwind.id;
const SOURCES = `/v1/projects/${NW}/ai-sources`;

describe('/radar sources', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  const press = async (actionId: string, reply: WebApiCall, channel: string = CHANNELS.intel) => {
    const ack = await h.driver.blockAction(actionId, null, { channel, message: messageOf(reply), ephemeral: true });
    expect(ack.status).toBe(200);
    return h.answerTo(ack);
  };
  /**
   * Reads of any project's AI sources (the check, its history, one check). Only these are counted:
   * background work (the contract check's description read, pollers) reads other paths at any time.
   */
  const serviceReads = () => h.sandbox.control.requests().filter((r) => /^\/v1\/projects\/[^/]+\/ai-sources(\/|$)/.test(r.path));

  it('shows the cited pages and brands, counted from total, in one read', async () => {
    const reply = await h.command('sources', { channel: CHANNELS.intel });
    const text = replyText(reply);
    expect(serviceReads().filter((r) => r.path === SOURCES)).toHaveLength(1);
    const raw = (await fetch(`${h.sandbox.url}${SOURCES}`, { headers: { 'svc-api-key': h.sandbox.keys.readWrite } }).then((r) => r.json())) as {
      item: { summary: { pagesPage: { total: number; limit: number }; brandsPage: { total: number }; pages: unknown[] } };
    };
    const { pagesPage, brandsPage, pages } = raw.item.summary;
    expect(pagesPage.total).toBeGreaterThan(pagesPage.limit);
    // Counts are the totals, never the page's length.
    expect(pages.length).not.toBe(pagesPage.total);
    expect(text).toContain(`*Pages AI answers cite* (${pagesPage.total})`);
    expect(text).toContain(`*Brands AI answers name* (${brandsPage.total})`);
    // A core host lists its cited pages.
    expect(text).toMatch(/\*northwindcrm\.com\* _\(you\)_ · core host, \d+ pages cited/);
    expect(text).toContain('https://northwindcrm.com/pricing');
    expect(findElement(reply.args.blocks as unknown[], ACTION_IDS.share)).toBeTruthy();
  });

  it('a brand no answer named reads "not named in any answer", never a rank', async () => {
    const text = replyText(await h.command('sources', { channel: CHANNELS.intel }));
    // DealStream is never named: it sits past the first page; page through the brands to reach it.
    const line = (t: string) => t.split('\n').find((l) => l.includes('*DealStream* (dealstream.io)'));
    let found = line(text);
    let reply = await h.command('sources', { channel: CHANNELS.intel });
    for (let i = 0; !found && i < 5; i++) {
      reply = await press(ACTION_IDS.sourcesMoreBrands, reply);
      found = line(replyText(reply));
    }
    expect(found).toBeDefined();
    expect(found).toContain('not named in any answer');
    expect(found).not.toMatch(/#\d+|rank 0|last/);
  });

  it('"More pages" reads the next compact page (offset and limit) and shows only new rows', async () => {
    const first = await h.command('sources', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const next = await press(ACTION_IDS.sourcesMorePages, first);
    // The button's one read: the check itself, asked for the next page.
    expect(serviceReads().map((r) => ({ path: r.path, query: r.query }))).toEqual([{ path: SOURCES, query: { offset: '10', limit: '10' } }]);
    const text = replyText(next);
    expect(text).toMatch(/\*Pages AI answers cite\* \(\d+\), from 11/);
    // The own row is pinned on every page; it was shown on the first one.
    expect(text).not.toContain('northwindcrm.com* _(you)_');
    expect(text).not.toContain('Brands AI answers name');
  });

  it('a More button copied to another channel does nothing', async () => {
    const first = await h.command('sources', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const answer = await press(ACTION_IDS.sourcesMorePages, first, CHANNELS.general);
    expect(replyText(answer)).toContain('not made by Radar for this channel');
    expect(serviceReads()).toHaveLength(0);
  });

  it('a More button shown for the binding refuses once the channel is bound elsewhere', async () => {
    await h.command('bind lumen', { channel: CHANNELS.private });
    const first = await h.command('sources', { channel: CHANNELS.private });
    await h.command('bind quarry', { channel: CHANNELS.private });
    h.sandbox.control.clearRequests();
    const answer = await press(ACTION_IDS.sourcesMoreBrands, first, CHANNELS.private);
    expect(replyText(answer)).toContain('no longer bound');
    expect(serviceReads()).toHaveLength(0);
  });

  it('history: checks newest first, the count from pagination.total, a button opening each check', async () => {
    const reply = await h.command('sources history', { channel: CHANNELS.intel });
    const text = replyText(reply);
    const ids = SEED.projects.northwind.sourcesCheckIds;
    expect(text).toContain(`${ids.length} checks in all`);
    const at = ids.map((id) => text.indexOf(id));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toMatch(/total citations \d+/);
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.openCommand, null, { channel: CHANNELS.intel, message: messageOf(reply), ephemeral: true });
    const check = await h.answerTo(ack);
    expect(replyText(check)).toContain(`AI sources, an earlier check`);
    expect(replyText(check)).toContain(`Check \`${ids[0]}\` · checked `);
    expect(serviceReads().map((r) => r.path)).toEqual([`${SOURCES}/history/${ids[0]}`]);
  });

  it('history --page 2 asks for that page; check <id> reads one check; an unknown check says so', async () => {
    await h.command('sources history --page 2', { channel: CHANNELS.intel });
    expect(serviceReads().at(-1)?.query).toEqual({ page: '2' });
    const ids = SEED.projects.northwind.sourcesCheckIds;
    const one = replyText(await h.command(`sources check ${ids[2]}`, { channel: CHANNELS.intel }));
    expect(one).toContain('Pages AI answers cite');
    expect(serviceReads().at(-1)?.path).toBe(`${SOURCES}/history/${ids[2]}`);
    const missing = replyText(await h.command('sources check chk_000000000000', { channel: CHANNELS.intel }));
    expect(missing).toContain('has no AI sources check `chk_000000000000`');
  });

  it('a project without a check says so as a state, with no Share button', async () => {
    const reply = await h.command('sources --project sprout', { channel: CHANNELS.general });
    expect(replyText(reply)).toContain('no completed AI sources check yet');
    expect(findElement(reply.args.blocks as unknown[], ACTION_IDS.share)).toBeFalsy();
  });
});
