/**
 * Issue 29: a command answer goes through response_url, which cannot carry a file. When Slack refuses
 * the chart block, the answer goes again without it, one line saying the chart could not be drawn
 * where it stood, the figures (the sites table here) still there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHART_NOT_DRAWN } from '../../../src/slack/commands/invocation.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { chartBlocks, tableRowLines } from '../../support/view-checks.js';

describe('a command answer whose chart Slack refuses', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('goes again without the chart block, saying once that the chart could not be drawn, the figures kept', async () => {
    h.slack.failNext('response_url', { error: 'invalid_blocks', when: (args) => JSON.stringify(args.blocks ?? []).includes('data_visualization') });
    await h.command('tech', { channel: CHANNELS.intel });
    // The refused answer, then the one sent again once Radar hears of the refusal.
    const techAnswers = () => h.slack.callsTo('response_url').filter((c) => JSON.stringify(c.args).includes('tech and trust'));
    await h.slack.untilCalls(() => techAnswers().length >= 2);
    const answers = techAnswers();
    expect(answers).toHaveLength(2);
    expect(answers[0]!.response).toMatchObject({ ok: false, error: 'invalid_blocks' });
    expect(chartBlocks(answers[0]!.args.blocks as unknown[]).length).toBeGreaterThan(0);
    const blocks = answers[1]!.args.blocks as unknown[];
    expect(chartBlocks(blocks)).toEqual([]);
    const said = JSON.stringify(blocks).split(CHART_NOT_DRAWN).length - 1;
    expect(said).toBe(1);
    expect(tableRowLines(blocks, 'dealstream.io')).toContain('*Trust signals:* none of the 26 found');
  });

  it('drawn by Slack: no such line', async () => {
    const answer = await h.command('tech', { channel: CHANNELS.intel });
    expect(chartBlocks(answer.args.blocks as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(answer.args.blocks)).not.toContain(CHART_NOT_DRAWN);
  });
});
