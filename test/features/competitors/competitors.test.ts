import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { CARD_PARTS } from '../../../src/features/competitors/competitor.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';

const NW = `/v1/projects/${SEED.projects.northwind.id}`;

describe('/radar competitors and /radar competitor', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  beforeEach(() => {
    h.sandbox.control.clearFaults();
    h.sandbox.control.clearRequests();
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  const reads = () => h.sandbox.control.requests().filter((r) => r.path.startsWith(`${NW}/`));

  it('lists every competitor with its page URLs from the detail read, own domain marked: one list read and one detail read each', async () => {
    const text = replyText(await h.command('competitors', { channel: CHANNELS.intel }));
    expect(text).toContain('*Northwind CRM* · northwindcrm.com _(you)_');
    expect(text).toContain('homepage https://hubforge.io/ · pricing page https://hubforge.io/plans');
    // DealStream's pricing page URL is null: not measured, never an empty or invented URL.
    expect(text).toMatch(/dealstream\.io\n\s+homepage https:\/\/dealstream\.io\/ · pricing page _not measured_/);
    expect(text).toContain('6 competitors monitored');
    const paths = reads().map((r) => r.path);
    expect(paths.filter((p) => p === `${NW}/competitors`)).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith(`${NW}/competitors/`))).toHaveLength(SEED.projects.northwind.competitorIds.length + 1);
  });

  it('a detail read that fails says so on its own row; the other rows are shown', async () => {
    h.sandbox.control.addFault({ path: `${NW}/competitors/cmp_nw_pipedrift`, kind: 'status', status: 500 });
    const text = replyText(await h.command('competitors', { channel: CHANNELS.intel }));
    expect(text).toMatch(/\*Pipedrift\* · pipedrift\.com\n\s+_page URLs: couldn't be read/);
    expect(text).toContain('homepage https://hubforge.io/');
  });

  it('the card joins every dimension, one read each plus the competitor list', async () => {
    const reply = await h.command('competitor hubforge', { channel: CHANNELS.intel });
    const text = replyText(reply);
    expect(text).toMatch(/\*Pricing\*\nLowest price \$\d+(\.\d\d)? per seat a month · free plan (yes|no|_not checked_)/);
    expect(text).toMatch(/\*AI visibility\*\nPresence #\d+ by presence/);
    expect(text).toMatch(/mention rate: named in [\d.]+% of the answers counted/);
    expect(text).toContain('not a measure of who leads');
    expect(text).toMatch(/\*AI sources\*\n\d+ pages of its domain cited: https:\/\/hubforge\.io\//);
    // Shielded headers: a null grade that is not a bad grade; trust counts stay real.
    expect(text).toContain('Trust signals: 17 of 26 found · security headers: _not measured_: the site shields its response headers');
    expect(text).toContain('the HTML-derived counts are real');
    expect(text).toMatch(/\*Content\*\nURLs in its sitemap: 2210/);
    expect(text).toMatch(/Changelog: 3 entries, latest:\n\s+(\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday): 60 programmatic, 2 blog URLs added/);
    expect(text).toContain('Homepage headline: “Grow better with one connected platform”');
    const r = reads();
    expect(r).toHaveLength(1 + CARD_PARTS.length);
    expect(r.filter((x) => x.path === `${NW}/competitors`)).toHaveLength(1);
    expect(r.find((x) => x.path === `${NW}/content/changelog`)?.query).toMatchObject({ competitorId: 'cmp_nw_hubforge' });
    expect(r.find((x) => x.path === `${NW}/ai-sources`)?.query).toEqual({ view: 'full' });
  });

  it('a second card within a minute shares the competitor list; a name not in it reads the list afresh before "did you mean"', async () => {
    await h.command('competitor hubforge', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    await h.command('competitor pipedrift', { channel: CHANNELS.intel });
    expect(reads().filter((x) => x.path === `${NW}/competitors`)).toHaveLength(0);
    expect(reads()).toHaveLength(CARD_PARTS.length);
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('competitor hubfogre', { channel: CHANNELS.intel }));
    expect(text).toMatch(/Did you mean \*HubForge/);
    expect(reads().map((x) => x.path)).toEqual([`${NW}/competitors`]);
  });

  it('a competitor no answer named: "not named in any answer", never a rank, and score 0 read beside mention rate 0', async () => {
    const text = replyText(await h.command('competitor dealstream.io', { channel: CHANNELS.intel }));
    expect(text).toContain('Presence not named in any answer · mention rate: no counted answer named it');
    expect(text).toContain('AI Visibility Score 0: no counted answer named it');
    expect(text).toContain('As a brand: not named in any answer');
    expect(text).toContain('No pricing data: no pricing page found.');
    expect(text).toContain('Trust signals: none of the 26 found');
    // Positioning: null is "never read", distinct from an empty headline.
    expect(text).toContain('Homepage headline: _never read_');
  });

  it('every part read starts before any finishes (parallel, not serial), and the card waits for all', async () => {
    const partPaths = `^${NW}/(pricing|ai-visibility|ai-sources|tech-trust|content|positioning)`;
    h.sandbox.control.addFault({ path: partPaths, kind: 'latency', latencyMs: 400 });
    const text = replyText(await h.command('competitor pipedrift.com', { channel: CHANNELS.intel }));
    expect(text).toContain('*Positioning*');
    const parts = reads().filter((r) => new RegExp(partPaths).test(r.path));
    expect(parts).toHaveLength(CARD_PARTS.length);
    const lastArrival = Math.max(...parts.map((p) => p.received));
    const firstAnswer = Math.min(...parts.map((p) => p.answered));
    expect(lastArrival).toBeLessThan(firstAnswer);
  });

  it('one part failing says so in one line and every other part is shown', async () => {
    h.sandbox.control.addFault({ path: `${NW}/tech-trust`, kind: 'status', status: 500 });
    h.sandbox.control.addFault({ path: `${NW}/ai-visibility`, kind: 'status', status: 404, code: 'no_data_available' });
    const text = replyText(await h.command('competitor pipedrift', { channel: CHANNELS.intel }));
    expect(text).toMatch(/\*Trust and security\*\n:warning: _Couldn't be read: [^\n]+_\n/);
    expect(text).toContain('*AI visibility*\n_No scored AI visibility check yet._');
    expect(text).toMatch(/\*Pricing\*\nLowest price/);
    expect(text).toContain('Homepage headline: “Close more deals with less busywork”');
  });

  it('an unknown competitor: "did you mean" from the list, and no part is read', async () => {
    const text = replyText(await h.command('competitor pipedrfit', { channel: CHANNELS.intel }));
    expect(text).toContain('monitors no competitor “pipedrfit”. Did you mean *Pipedrift (pipedrift.com)*?');
    expect(reads().map((r) => r.path)).toEqual([`${NW}/competitors`]);
  });

  it('buttons open the full views that exist; a press runs that command for the presser', async () => {
    const reply = await h.command('competitor closewise', { channel: CHANNELS.intel });
    const blocks = reply.args.blocks as unknown[];
    expect(findElement(blocks, `${ACTION_IDS.openCommand}:pricing`)).toBeTruthy();
    expect(findElement(blocks, `${ACTION_IDS.openCommand}:sources`)).toBeTruthy();
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(`${ACTION_IDS.openCommand}:pricing`, null, { channel: CHANNELS.intel, message: messageOf(reply), ephemeral: true });
    const opened = await h.answerTo(ack);
    expect(replyText(opened)).toContain('Northwind CRM: pricing gaps');
    expect(opened.args.response_type).toBe('ephemeral');
    expect(reads().map((r) => r.path)).toEqual([`${NW}/pricing`]);
  });

  it('an open button copied to another channel does nothing', async () => {
    const reply = await h.command('competitor closewise', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(`${ACTION_IDS.openCommand}:pricing`, null, { channel: CHANNELS.general, message: messageOf(reply), ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain('not made by Radar for this channel');
    expect(reads()).toHaveLength(0);
  });
});

const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
