/**
 * `/radar labels` and `/radar label add|rename|color|delete` through signed requests against the
 * sandbox: counts from a filtered list's `total`, every label rule checked before sending (nothing in
 * the sandbox's request log) and the sandbox's refusal read as the same rule, delete asked first and
 * done once, and `RADAR_ADMINS`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { ServiceClient } from '../../../src/service/index.js';
import { readable } from '../../../src/service/tolerant.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';
import { expectValidMessage } from '../../support/view-checks.js';
import { boardClient } from '../tickets/support.js';

const NORTHWIND = TICKET_SEED.projects.northwind;
const QUARRY = TICKET_SEED.projects.quarry;
const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000200', blocks: reply.args.blocks as unknown[] });

describe('labels from Slack', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  beforeAll(async () => {
    h = await startRadarHarness();
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await board?.close();
    await h?.stop();
  });

  const writes = () => h.sandbox.control.requests().filter((r) => r.method !== 'GET');
  const labelsNow = async (project: string = NORTHWIND) => readable(await board.listLabels(project));

  it('lists the labels in the project’s order with colours and open-ticket counts from each filtered list’s total', async () => {
    const labels = await labelsNow();
    h.sandbox.control.clearRequests();
    const reply = await h.command('labels', { channel: CHANNELS.intel });
    expectValidMessage({ text: String(reply.args.text), blocks: reply.args.blocks as unknown[] });
    const text = replyText(reply);
    const positions = labels.map((l) => text.indexOf(`*${l.name}*`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // One read of the labels, then one filtered list per label (bounded by the 50-label cap).
    const reads = h.sandbox.control.requests();
    expect(reads.filter((r) => r.path.endsWith('/tickets/labels'))).toHaveLength(1);
    const perLabel = reads.filter((r) => r.path.endsWith('/tickets') && r.query.labelId);
    expect(perLabel.map((r) => r.query.labelId).sort()).toEqual(labels.map((l) => l.id).sort());
    expect(perLabel.every((r) => r.query.status === 'triage,todo,in_progress')).toBe(true);
    const pricing = labels.find((l) => l.name === 'Pricing')!;
    expect(text).toContain(String(pricing.color).toLowerCase());
    const open = await board.listTickets(NORTHWIND, { labelId: pricing.id, status: ['triage', 'todo', 'in_progress'] });
    expect(text).toMatch(new RegExp(`\\*Pricing\\* · ${open.total} open tickets?`));
  });

  it('adds a label with its colour stored lower-case, and a default colour when none is given', async () => {
    h.sandbox.control.clearRequests();
    const reply = await h.command('label add "Churn risk" #AA33CC', { channel: CHANNELS.intel });
    expect(replyText(reply)).toContain('Added the label *Churn risk*');
    expect(writes().map((w) => w.body)).toEqual([{ name: 'Churn risk', color: '#aa33cc' }]);
    await h.command('label add Partnerships', { channel: CHANNELS.intel });
    expect((await labelsNow()).find((l) => l.name === 'Partnerships')?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses, before sending, a name used in another case, a name over 40 characters and a bad colour', async () => {
    h.sandbox.control.clearRequests();
    expect(replyText(await h.command('label add pricing', { channel: CHANNELS.intel }))).toContain('There is already a label named “Pricing”');
    expect(replyText(await h.command(`label add ${'x'.repeat(41)}`, { channel: CHANNELS.intel }))).toContain('at most 40 characters');
    expect(replyText(await h.command('label add Brand #12345', { channel: CHANNELS.intel }))).toContain('six hex digits');
    expect(replyText(await h.command('label rename SEO messaging', { channel: CHANNELS.intel }))).toContain('There is already a label named “Messaging”');
    expect(writes()).toHaveLength(0);
  });

  it('refuses a 51st label before sending; the sandbox’s own refusal reads as the same rules', async () => {
    await h.command(`bind quarry`, { channel: CHANNELS.general });
    const have = (await labelsNow(QUARRY)).length;
    for (let i = have; i < 50; i++) await board.createLabel(QUARRY, { name: `Filler ${i}`, color: '#000000' });
    h.sandbox.control.clearRequests();
    expect(replyText(await h.command('label add One more', { channel: CHANNELS.general }))).toContain('already has 50 labels');
    expect(writes()).toHaveLength(0);

    // Second line of defence: a refusal the checks did not foresee (here the sandbox's 400s, forced).
    h.sandbox.control.addFault({ method: 'POST', path: `/v1/projects/${NORTHWIND}/tickets/labels`, kind: 'status', status: 400, code: 'bad_request', times: 1 });
    expect(replyText(await h.command('label add Capped', { channel: CHANNELS.intel }))).toContain('The service refused: a project has at most 50 labels');
    h.sandbox.control.addFault({ method: 'PATCH', path: `/v1/projects/${NORTHWIND}/tickets/labels/`, kind: 'status', status: 400, code: 'invalid_parameters', times: 1 });
    expect(replyText(await h.command('label rename SEO Search', { channel: CHANNELS.intel }))).toContain('unique in the project whatever its case');
  });

  it('the sandbox refuses a duplicate name in another case and a 51st label by itself', async () => {
    await expect(board.createLabel(NORTHWIND, { name: 'PRICING', color: '#000000' })).rejects.toMatchObject({ status: 400 });
    await expect(board.createLabel(QUARRY, { name: 'Too many', color: '#000000' })).rejects.toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('renames (quoted or not) and recolours; tickets keep the label', async () => {
    const before = (await labelsNow()).find((l) => l.name === 'Q3 roadmap')!;
    const carrying = (await board.listTickets(NORTHWIND, { labelId: before.id, closed: 'all' })).total;
    expect(replyText(await h.command('label rename "Q3 roadmap" "Q4 roadmap"', { channel: CHANNELS.intel }))).toContain('Renamed *Q3 roadmap* to *Q4 roadmap*');
    expect(replyText(await h.command('label rename Q4 roadmap H1 plan', { channel: CHANNELS.intel }))).toContain('to *H1 plan*');
    expect(replyText(await h.command('label color "H1 plan" 16A34A', { channel: CHANNELS.intel }))).toContain('`#16a34a`');
    const after = (await labelsNow()).find((l) => l.id === before.id)!;
    expect(after).toMatchObject({ name: 'H1 plan', color: '#16a34a' });
    expect((await board.listTickets(NORTHWIND, { labelId: before.id, closed: 'all' })).total).toBe(carrying);
  });

  it('delete asks first with a button saying how many tickets lose the label, then deletes once', async () => {
    const label = (await labelsNow()).find((l) => l.name === 'Quick win')!;
    const carrying = (await board.listTickets(NORTHWIND, { labelId: label.id, closed: 'all' })).total;
    expect(carrying).toBeGreaterThan(0);
    h.sandbox.control.clearRequests();
    const asked = await h.command('label delete "quick win"', { channel: CHANNELS.intel });
    expect(writes()).toHaveLength(0);
    const found = findElement(asked.args.blocks as unknown[], ACTION_IDS.labelDelete)!;
    expect(JSON.stringify(found.element.text)).toContain(`${carrying} tickets lose it`);
    expect(found.element.confirm).toBeDefined();
    const press = () => h.driver.blockAction(ACTION_IDS.labelDelete, null, { channel: CHANNELS.intel, message: messageOf(asked), ephemeral: true });
    const [first, second] = await Promise.all([press(), press()]);
    // Whichever press claims the delete first answers; the other sends and says nothing.
    await h.slack.waitForCall('response_url', (c) => replyText(c).includes(`deleted the label *Quick win*; ${carrying} tickets lost it`));
    expect(writes().filter((w) => w.method === 'DELETE')).toHaveLength(1);
    expect([...h.answersTo(first), ...h.answersTo(second)].filter((c) => replyText(c).includes('deleted the label'))).toHaveLength(1);
    expect((await labelsNow()).some((l) => l.id === label.id)).toBe(false);
  });

  it('a delete button copied to another channel is refused, nothing deleted', async () => {
    const asked = await h.command('label delete Messaging', { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.labelDelete, null, { channel: CHANNELS.general, message: messageOf(asked), ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain('not made by Radar for this channel');
    expect(writes()).toHaveLength(0);
  });
});

describe('labels under RADAR_ADMINS', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ env: { RADAR_ADMINS: USERS.alice } });
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await h?.stop();
  });

  it('only an admin changes labels; anyone reads them', async () => {
    h.sandbox.control.clearRequests();
    expect(replyText(await h.command('label add Growth', { channel: CHANNELS.intel, user: USERS.bob }))).toContain("Only Radar's admins can change labels");
    expect(replyText(await h.command('labels', { channel: CHANNELS.intel, user: USERS.bob }))).toContain('*Pricing*');
    const asked = await h.command('label delete SEO', { channel: CHANNELS.intel, user: USERS.alice });
    const ack = await h.driver.blockAction(ACTION_IDS.labelDelete, null, { channel: CHANNELS.intel, message: messageOf(asked), user: USERS.bob, ephemeral: true });
    expect(replyText(await h.answerTo(ack))).toContain("Only Radar's admins can change labels");
    expect(h.sandbox.control.requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
