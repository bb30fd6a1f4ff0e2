/**
 * Issue 17, answers 1 and 7: `/radar briefing` says at least what the digest says (diagnosis rows by
 * readable name with notes, caveat texts, the opened tickets with impact and size, `tickets.total`),
 * each thing once, in two reads (the edition and its ticket list); long parts go to a thread when
 * shared; a running step reads humanised; an answer that says there is nothing has no Share button.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishEdition } from '../../../src/sandbox/routes/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';

describe('/radar briefing, as complete as the digest', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('shows diagnosis rows, caveat texts and opened tickets, each said once, from the edition and its ticket list only', async () => {
    await h.command('projects', { channel: CHANNELS.general }); // warm the project list, so only the briefing's reads are counted
    h.sandbox.control.clearRequests();
    const text = replyText(await h.command('briefing --project northwind', { channel: CHANNELS.general }));
    const reads = h.sandbox.control.requests().filter((r) => r.path.includes('/prj_northwind/'));
    expect(reads.map((r) => r.path)).toEqual(['/v1/projects/prj_northwind/strategic-briefing', '/v1/projects/prj_northwind/tickets']);
    expect(reads[1]?.query).toMatchObject({ origin: 'briefing' });
    expect(reads[1]?.query.briefingRunId).toMatch(/^run_/);

    // Diagnosis rows by readable name, with their notes and the command that reads each deep dive.
    expect(text).toContain('• *AI visibility* (watch): ');
    expect(text).toContain('• *Tech and trust* (watch): ');
    expect(text).toContain('deep dive: `/radar briefing ai-visibility`');
    // Caveats as text, tickets with impact and size, the edition's whole ticket count.
    expect(text).toContain('*Coverage caveats*\n• ');
    expect(text).toMatch(/\*On the board:\* \d+ tickets in all/);
    expect(text).toMatch(/1\. \*#\d+ [^*]+\* · impact \d \w+ · (about \d+ (h|min)|unsized)/);
    // Each thing once: no count of caveats, no raw section keys, no second "no deep dive".
    expect(text).not.toMatch(/Coverage caveats\*\n\d/);
    expect(text).not.toMatch(/\d+ coverage caveats?/);
    expect(text).not.toMatch(/deep-(ai|pricing|content|positioning|tech|agent)/);
    expect(text).not.toContain('Deep dives');
    for (const line of text.split('\n').filter((l) => /no deep[- ]dive/i.test(l))) expect(line.match(/no deep[- ]dive/gi)).toHaveLength(1);
  });

  it('a running run reads its step humanised, never the raw enum', async () => {
    const text = replyText(await h.command('briefing --project lumen', { channel: CHANNELS.general }));
    expect(text).toContain('now *analysing AI visibility*');
    expect(text).not.toContain('analysing_ai_visibility');
  });

  it('shared with long parts: the main message in the channel and the rest in its thread', async () => {
    publishEdition(h.sandbox.state, 'prj_quarry', { opened: 8, headline: 'Eight moves this time' });
    const ack = await h.driver.command('briefing --project quarry --share', { channel: CHANNELS.intel });
    const main = await h.postAfter(ack, CHANNELS.intel, { predicate: (c) => c.args.thread_ts === undefined });
    const mainText = renderBlocksText(main.args.blocks as unknown[], String(main.args.text));
    expect(mainText).toContain('Eight moves this time');
    expect(mainText).toContain('…and 3 more in the thread');
    const reply = await h.postAfter(ack, CHANNELS.intel, { predicate: (c) => c.args.thread_ts !== undefined });
    const replyBody = renderBlocksText(reply.args.blocks as unknown[], String(reply.args.text));
    expect(replyBody).toContain('*More tickets this edition opened* (6 to 8)');
    // Shown to one person, the same answer holds every ticket in one message.
    const ephemeral = replyText(await h.command('briefing --project quarry', { channel: CHANNELS.intel }));
    expect(ephemeral).toMatch(/8\. \*#\d+ /);
    expect(ephemeral).not.toContain('in the thread');
  });

  it('answers that say there is nothing have no Share button; history counts agree on every page', async () => {
    expect(replyText(await h.command('briefing --project sprout', { channel: CHANNELS.general }))).not.toContain('Share to channel');
    expect(replyText(await h.command('briefing history --project sprout', { channel: CHANNELS.general }))).not.toContain('Share to channel');
    const first = replyText(await h.command('briefing history --project northwind', { channel: CHANNELS.general }));
    const past = replyText(await h.command('briefing history --page 9 --project northwind', { channel: CHANNELS.general }));
    expect(past).not.toContain('Share to channel');
    const count = (t: string) => t.match(/(\d+) runs? in all/)?.[1];
    expect(count(first)).toBeDefined();
    expect(count(past)).toBe(count(first));
  });
});
