/**
 * The noise band of AI presence (issue 30, item 2): a move is told only when two consecutive checks
 * agree beyond the band, or at once beyond twice it; per engine too; the message says the band and both
 * checks. Through checks published on the sandbox and the poller's tick.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { publishRun, textOf, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
/** A check whose own presence (mention rate) overall and on chatgpt are these shares; everything else as the check before. */
const check = (overall: number, chatgpt = 0.5) => ({
  dimension: 'ai-visibility' as const,
  patch: { summary: { customer: { mentionRate: overall, perProvider: [{ provider: 'chatgpt', answersCounted: 20, answersNaming: Math.round(chatgpt * 20), mentionRate: chatgpt, score: 40 }] } } },
});

describe('AI presence against the noise band', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind northwind', { channel: CHANNELS.general });
    // Two checks alike: the baseline and the check before it agree.
    await publishRun(h, NW, check(0.4));
    await publishRun(h, NW, check(0.4));
    const echo = replyText(await h.command('watch ai', { channel: CHANNELS.intel }));
    expect(echo).toContain('noise band 5 points (default) on every engine');
    expect(echo).toContain('_at once:_ `presence`');
    expect(replyText(await h.command('watch ai --band 3', { channel: CHANNELS.general }))).toContain('noise band 3 points on every engine');
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('a move beyond the band waits for the next check to agree; beyond twice the band it is told at once', async () => {
    const first = await publishRun(h, NW, check(0.47));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, first)).toHaveLength(0); // +7: beyond 5, not beyond 10: wait
    expect(textOf(watchesIn(h, CHANNELS.general, first)[0]!)).toContain('your AI presence (share of answers naming you) 40% → 47% (+7 points; beyond twice the noise band of 3 points, told at once)');

    const agreed = await publishRun(h, NW, check(0.48));
    await watchPoller(h).tick();
    expect(textOf(watchesIn(h, CHANNELS.intel, agreed)[0]!)).toContain('40% → 47% → 48% (two checks agree beyond the noise band of 5 points: +7 then +8 points against the check before)');
    expect(watchesIn(h, CHANNELS.general, agreed)).toHaveLength(0); // told at once already; +1 is noise

    const back = await publishRun(h, NW, check(0.41));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, back)).toHaveLength(0); // −7: waits
    const bounce = await publishRun(h, NW, check(0.47));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, bounce)).toHaveLength(0); // the check after does not agree: noise, never told

    const jump = await publishRun(h, NW, check(0.6));
    await watchPoller(h).tick();
    expect(textOf(watchesIn(h, CHANNELS.intel, jump)[0]!)).toContain('47% → 60% (+13 points; beyond twice the noise band of 5 points, told at once)');
  });

  it('per engine: an engine’s presence is held against its band the same way', async () => {
    const one = await publishRun(h, NW, check(0.4, 0.58));
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel, one)).toHaveLength(0);
    const two = await publishRun(h, NW, check(0.4, 0.6));
    await watchPoller(h).tick();
    const text = textOf(watchesIn(h, CHANNELS.intel, two)[0]!);
    expect(text).toContain('your AI presence on chatgpt 50% → 58% → 60% (two checks agree beyond the noise band of 5 points');
    expect(text).not.toContain('share of answers naming you');
  });
  it('--band engine=points sets one engine’s band, beside the band for every engine; bad values are refused', async () => {
    const set = replyText(await h.command('watch ai-visibility --band chatgpt=3', { channel: CHANNELS.intel }));
    expect(set).toContain('noise band 5 points (default) on every engine but chatgpt 3 points');
    // chatgpt +7 (beyond twice 3): told at once under its own band; overall stays under the default 5.
    const one = await publishRun(h, NW, check(0.4, 0.57));
    await watchPoller(h).tick();
    expect(textOf(watchesIn(h, CHANNELS.intel, one)[0]!)).toContain('your AI presence on chatgpt 50% → 57% (+7 points; beyond twice the noise band of 3 points, told at once)');
    // Both forms in one flag, and the listing says them; the engine's band is kept when the band for all changes.
    expect(replyText(await h.command('watch ai --band 4,perplexity=6', { channel: CHANNELS.intel }))).toContain('noise band 4 points on every engine but chatgpt 3, perplexity 6 points');
    expect(replyText(await h.command('watch', { channel: CHANNELS.intel }))).toContain('noise band 4 points on every engine but chatgpt 3, perplexity 6 points');
    for (const bad of ['chatgpt=', 'chatgpt=0', 'chat/gpt=3', '=3', 'chatgpt=99']) {
      expect(replyText(await h.command(`watch ai --band ${bad}`, { channel: CHANNELS.intel })), bad).toMatch(/`--band`/);
    }
  });
});
