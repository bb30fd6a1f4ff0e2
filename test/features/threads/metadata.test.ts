import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_IDS, WATCH_IDS } from '../../../src/slack/ids.js';
import { createServiceClient } from '../../../src/service/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { publishRun, watchesIn, watchPoller } from '../watches/support.js';
import { NW, pricingRows, TICK_ONLY } from './support.js';

describe('message metadata (issue 30 item 7)', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: TICK_ONLY });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('a watch message’s thread replies (every change) carry its radar_change metadata', async () => {
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const moved = { lowestPrice: 30, planCount: 6, hasFreePlan: true };
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': moved, 'closewise.com': moved, 'hubforge.io': moved }) } });
    await watchPoller(h).tick();
    const [message] = watchesIn(h, CHANNELS.intel, run);
    const replies = h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === message?.ts && m.ts !== message?.ts);
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) expect(reply.metadata).toEqual(message?.metadata);
    expect(message?.metadata).toMatchObject({ event_type: WATCH_IDS.eventType, event_payload: { project_id: NW, dimension: 'pricing', run_id: run } });
  });

  it('/radar ticket answers with radar_ticket metadata, shared to the channel or not', async () => {
    const board = createServiceClient({ baseUrl: h.sandbox.url, apiKey: h.sandbox.keys.readWrite, retry: false });
    const ticket = await board.createTicket(NW, { title: 'Answer Pipedrift on price', status: 'todo' });
    await board.close();
    for (const text of [`ticket ${ticket.number}`, `ticket ${ticket.number} --share`]) {
      const answer = await h.command(text, { channel: CHANNELS.intel });
      expect(answer.args.metadata, text).toEqual({ event_type: TICKET_IDS.eventType, event_payload: { project_id: NW, ticket_id: ticket.id } });
    }
  });
});
