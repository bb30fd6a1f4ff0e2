/**
 * Every read command run through Radar end to end against the sandbox in each house style (SANDBOX_STYLE):
 * the same facts in both, and in neither a "couldn't read", an unnamed competitor or a key path where the
 * default style states the fact (issue 27, point 5).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STYLES, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectNoViolations } from '../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { readsIn, shortfalls } from './read-facts.js';

describe.each(SANDBOX_STYLES)('read commands against the sandbox in the %s style', (style) => {
  let sandbox: Sandbox;
  let h: RadarHarness;
  beforeAll(async () => {
    sandbox = await startSandbox({ speed: 1000, style });
    h = await startRadarHarness({ sandbox });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await h?.stop();
    await sandbox?.close();
  });

  it('is served by a sandbox in that style', () => {
    expect(h.sandbox.style).toBe(style);
  });

  it.each(readsIn(style))('/radar $command states its facts', async ({ command, facts, once = [], altOnly = [], allow = [] }) => {
    const text = replyText(await h.command(`${command} --project northwind`, { channel: CHANNELS.general }));
    // Every shortfall at once, so a failure lists all of them.
    expect(shortfalls(text, { facts, once, altOnly: style === 'alt' ? altOnly : [], allow }), `/radar ${command} (${style})`).toEqual({ missing: [], repeated: [], trouble: [] });
  });
});
