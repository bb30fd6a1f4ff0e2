import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { tableRowLines } from '../../support/view-checks.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';

/** One competitor's row of the sites table, said as lines ("*Column:* cell"). */
function rowOf(call: Pick<WebApiCall, 'args'>, domain: string): string {
  const row = tableRowLines(call.args.blocks as unknown[], domain);
  expect(row, domain).toBeDefined();
  return row ?? '';
}

describe('/radar tech under the null contract', () => {
  let h: RadarListeners;
  let text: string;
  let answer: Pick<WebApiCall, 'args'>;
  beforeAll(async () => {
    h = await startRadarListeners();
    answer = await h.command('tech --project northwind', { channel: CHANNELS.general });
    text = replyText(answer);
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterAll(() => h?.stop());

  it('a shielded site: grade and score not measured, said as shielding, while its trust count stays real', () => {
    const row = rowOf(answer, 'hubforge.io');
    expect(row).toContain('*Security headers:* not measured: the site shields its response headers');
    expect(row).not.toMatch(/grade|score 0/);
    expect(row).toContain('*Trust signals:* 17 of 26 found');
  });

  it('0 trust signals is a real "none found"', () => {
    expect(rowOf(answer, 'dealstream.io')).toContain('*Trust signals:* none of the 26 found');
  });

  it('robots.txt exists:false without a marker is a finding; a null one with a marker is not measured', () => {
    expect(rowOf(answer, 'closewise.com')).toContain('*robots.txt:* publishes no robots.txt');
    const unreadable = rowOf(answer, 'salesloom.com');
    expect(unreadable).toContain("*robots.txt:* not measured: couldn't be read");
    expect(unreadable).not.toContain('publishes no robots.txt');
  });

  it('the three measurement states; omitted verdicts read unknown, never blocked or allowed; absent aiAccess said so', () => {
    expect(rowOf(answer, 'closewise.com')).toContain('no robots.txt, so every crawler is allowed');
    expect(rowOf(answer, 'northwindcrm.com')).toMatch(/\*AI access:\* measured · assistants allowed · model training blocked · blocks GPTBot, ClaudeBot, Google-Extended/);
    const cnm = rowOf(answer, 'salesloom.com');
    expect(cnm).toContain('could not be measured (no verdicts): assistants unknown · model training unknown');
    expect(cnm).not.toMatch(/AI access:\*[^\n]*(allowed|blocked)/);
    expect(rowOf(answer, 'dealstream.io')).toContain('this check carried no AI-access information');
  });

  it('each crawler’s facts once, from crawlerCatalog; rows name crawlers only', () => {
    expect(text.match(/operator OpenAI/g)).toHaveLength(2); // GPTBot and OAI-SearchBot, each once
    // Enum words of the catalog read as words, never snake_case.
    expect(text).toContain('*GPTBot*: operator OpenAI · purpose model training');
    expect(text).toContain('*AI crawlers* (5)');
    expect(rowOf(answer, 'northwindcrm.com')).not.toContain('operator');
  });

  it('own row first; tech stack and DNS shown', () => {
    expect(tableRowLines(answer.args.blocks as unknown[], '')?.split('\n')[0]).toBe('*northwindcrm.com (you)*');
    expect(rowOf(answer, 'pipedrift.com')).toContain('*Tech stack:* React, AWS CloudFront, HubSpot');
    expect(rowOf(answer, 'pipedrift.com')).toContain('*DNS:* provider AWS Route 53');
  });

  it('--full sends view=full in one read and lists every crawler verdict, facts still once', async () => {
    const fullAnswer = await h.command('tech --full --project northwind', { channel: CHANNELS.general });
    const full = replyText(fullAnswer);
    const reads = h.sandbox.control.requests().filter((r) => r.path.endsWith('/tech-trust'));
    expect(reads.map((r) => r.query)).toEqual([{ view: 'full' }]);
    expect(rowOf(fullAnswer, 'northwindcrm.com')).toContain('crawlers: GPTBot blocked, OAI-SearchBot allowed');
    expect(full.match(/operator Anthropic/g)).toHaveLength(1);
  });

  it('compact view sends no view parameter', async () => {
    await h.command('tech --project northwind', { channel: CHANNELS.intel });
    expect(h.sandbox.control.requests().filter((r) => r.path.endsWith('/tech-trust')).map((r) => r.query)).toEqual([{}]);
  });

  it('one competitor by a prefix of its domain; an unknown one gets "did you mean"', async () => {
    const one = replyText(await h.command('tech hubforge --project northwind', { channel: CHANNELS.general }));
    expect(one).toContain('*hubforge.io*');
    expect(one).not.toContain('*pipedrift.com*');
    const typo = replyText(await h.command('tech hubfrge.io --project northwind', { channel: CHANNELS.general }));
    expect(typo).toContain('Did you mean *hubforge.io*?');
  });

  it('no completed run is a state, without a Share button', async () => {
    const answer = await h.command('tech --project sprout', { channel: CHANNELS.general });
    expect(replyText(answer)).toContain('has no completed tech-and-trust run yet');
    expect(replyText(answer)).not.toContain('Share to channel');
  });
});
