/**
 * `/radar positioning` through signed requests against the sandbox: one read, own first, the
 * null contract of messaging strings ("" the page has none, null never read), the compact view's
 * sealed "Full view" buttons (re-resolved through the channel's binding on press), "did you mean".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { FORGED_VALUE, STALE_BINDING } from '../../../src/slack/error-text.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';

describe('/radar positioning', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  const reads = () => h.sandbox.control.requests().map((r) => r.path);
  const run = async (text: string, channel: string = CHANNELS.intel) => {
    h.sandbox.control.clearRequests();
    return h.command(text, { channel });
  };
  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  /** The "Full view" button value on the line of `domain` in a compact reply. */
  const fullViewValue = (reply: WebApiCall, domain: string): string => {
    const blocks = reply.args.blocks as { text?: { text: string }; accessory?: { action_id: string; value: string } }[];
    const block = blocks.find((b) => b.accessory?.action_id === ACTION_IDS.positioningCompetitor && b.text?.text.includes(`*${domain}*`));
    return block!.accessory!.value;
  };
  const press = async (reply: WebApiCall, domain: string, channel: string = CHANNELS.intel) => {
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.positioningCompetitor, fullViewValue(reply, domain), { channel, message: messageOf(reply), ephemeral: true });
    expect(ack.status).toBe(200);
    return h.answerTo(ack);
  };

  it('compact view: one read, you first, a Full view button per competitor, the states of a messaging string', async () => {
    const reply = await run('positioning');
    expect(reads()).toEqual(['/v1/projects/prj_northwind/positioning']);
    const text = replyText(reply);
    expect(text.indexOf('*northwindcrm.com* _(you)_')).toBeGreaterThan(-1);
    expect(text.indexOf('*northwindcrm.com*')).toBeLessThan(text.indexOf('*pipedrift.com*'));
    // HubForge's page was read and has no secondary call to action; DealStream's was never read.
    expect(text).toMatch(/\*hubforge\.io\*\n“Grow better with one connected platform”\n_Calls to action:_ “Get started free” · _the page has none_/);
    expect(text).toMatch(/\*dealstream\.io\*\n_never read_/);
    const buttons = (reply.args.blocks as { accessory?: { action_id: string } }[]).filter((b) => b.accessory?.action_id === ACTION_IDS.positioningCompetitor);
    expect(buttons).toHaveLength(7);
    expect(text).toContain('*Competitive messaging analysis*');
    expect(text).toContain('*Crowded claims:* all-in-one, AI assistant');
    expect(text).toContain('Share to channel');
  });

  it('full view by domain, any case: one read; an empty string reads "the page has none", never "never read"', async () => {
    const text = replyText(await run('positioning HTTPS://WWW.HubForge.IO/'));
    expect(reads()).toEqual(['/v1/projects/prj_northwind/positioning']);
    expect(text).toContain('Northwind CRM: positioning of hubforge.io');
    expect(text).toContain('*Subheadline:* _the page has none_');
    expect(text).toContain('*Secondary call to action:* _the page has none_');
    expect(text).toContain('*Headline:* “Grow better with one connected platform”');
    expect(text).toContain('• Free CRM forever');
    expect(text).not.toMatch(/\*(Headline|Subheadline|Target audience):\* _never read_/);
  });

  it('a never-read page: every part "never read", never "the page has none"', async () => {
    const text = replyText(await run('positioning dealstream'));
    expect(text).toContain('The service has never read *dealstream.io*’s homepage');
    for (const part of ['Headline', 'Subheadline', 'Target audience', 'Value propositions', 'Primary call to action']) expect(text).toContain(`*${part}:* _never read_`);
    expect(text.match(/_the page has none_/g)).toHaveLength(1); // the legend only
  });

  it('an empty list of value propositions is a finding: "the page has none"', async () => {
    const text = replyText(await run('positioning closewise.com'));
    expect(text).toContain('*Value propositions:* _the page has none_');
  });

  it('a name the rows do not carry is matched through the competitor list (one more read)', async () => {
    const text = replyText(await run('positioning "Northwind CRM"'));
    expect(reads()).toEqual(['/v1/projects/prj_northwind/positioning', '/v1/projects/prj_northwind/competitors']);
    expect(text).toContain('positioning of northwindcrm.com (you)');
  });

  it('an unknown competitor gets "did you mean", and no Share button', async () => {
    const reply = await run('positioning hubforj');
    const text = replyText(reply);
    expect(text).toContain('No competitor matches “hubforj”. Did you mean *hubforge');
    expect(text).not.toContain('Share to channel');
  });

  it('the Full view button answers that competitor’s full view ephemerally, with one read', async () => {
    const compact = await run('positioning');
    const answer = await press(compact, 'hubforge.io');
    expect(answer.args.response_type).toBe('ephemeral');
    expect(answer.args.replace_original).toBe(false);
    const text = replyText(answer);
    expect(text).toContain('Northwind CRM: positioning of hubforge.io');
    expect(text).toContain('*Subheadline:* _the page has none_');
    expect(text).toContain('Share to channel');
    expect(reads()).toEqual(['/v1/projects/prj_northwind/positioning']);
  });

  it('a Full view value pressed in another channel, or altered, does nothing', async () => {
    const compact = await run('positioning');
    const elsewhere = await press(compact, 'pipedrift.com', CHANNELS.general);
    expect(replyText(elsewhere)).toContain(FORGED_VALUE);
    expect(reads()).toEqual([]);
    const value = fullViewValue(compact, 'pipedrift.com');
    const [, mac] = value.split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: 'prj_lumen', n: 'Lumen Docs', c: 'cmp_lu_docsmith', d: null })).toString('base64url')}.${mac}`;
    const blocks = JSON.parse(JSON.stringify(compact.args.blocks).replaceAll(value, forged)) as unknown[];
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.positioningCompetitor, forged, { channel: CHANNELS.intel, message: { ts: '1700000000.000200', blocks }, ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain(FORGED_VALUE);
    expect(reads()).toEqual([]);
  });

  it('a button made under a binding stops working once the channel is bound elsewhere; one made with --project keeps working', async () => {
    await h.command('bind northwind', { channel: CHANNELS.general });
    const bound = await run('positioning', CHANNELS.general);
    const explicit = await run('positioning --project lumen', CHANNELS.general);
    await h.command('bind quarry', { channel: CHANNELS.general });
    const stale = await press(bound, 'pipedrift.com', CHANNELS.general);
    expect(replyText(stale)).toContain(STALE_BINDING);
    expect(reads()).toEqual([]);
    const still = await press(explicit, 'docsmith.io', CHANNELS.general);
    expect(replyText(still)).toContain('Lumen Docs: positioning of docsmith.io');
    // Its Share button runs the same competitor with the same --project.
    expect(findElement(still.args.blocks as unknown[], ACTION_IDS.share)).toBeDefined();
  });

  it('a project without a positioning run says so, with no Share button', async () => {
    const text = replyText(await run('positioning --project sprout'));
    expect(text).toContain('has no completed positioning run yet');
    expect(text).not.toContain('Share to channel');
  });
});
