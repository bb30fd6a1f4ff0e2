import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';

const NW = SEED.projects.northwind.id;

/** The block of one competitor's lines in the answer. */
function rowOf(text: string, domain: string): string {
  const start = text.indexOf(`*${domain}*`);
  expect(start, domain).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n*DNS:*', start);
  return text.slice(start, text.indexOf('\n', end + 1) === -1 ? undefined : text.indexOf('\n', end + 1));
}

describe('/radar tech under the null contract', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  beforeEach(() => h.sandbox.control.clearRequests());
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('shows every competitor, own first, in one read of the compact dashboard', async () => {
    const text = replyText(await h.command('tech --project northwind', { channel: CHANNELS.general }));
    console.log(text);
    const reads = h.sandbox.control.requests().filter((r) => r.path.endsWith('/tech-trust'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.query).toEqual({});
    expect(text.indexOf('*northwindcrm.com* _(you)_')).toBeLessThan(text.indexOf('*pipedrift.com*'));
  });
});
