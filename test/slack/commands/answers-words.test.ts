/**
 * Issue 17, point 6: one "did you mean" for subcommands and the words they take (the distance
 * itself: suggest.test.ts), a project name with spaces typed without quotes, and
 * `scan trust … --fix-prompts` refused by the usage line.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { helpView, tidyUsage } from '../../../src/features/help/views/help-view.js';
import { CommandRegistry } from '../../../src/slack/commands/registry.js';
import { FEATURES } from '../../../src/features/index.js';
import { messageText } from '../../support/view-checks.js';

describe('words after a subcommand, through /radar', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it.each([
    ['bnid northwind', 'Did you mean `/radar bind`?'],
    ['briefing histroy', 'Did you mean `/radar briefing history`?'],
    ['digest nwo', 'Did you mean `/radar digest now`?'],
    ['scan turst example.com', 'Did you mean `/radar scan trust`?'],
    ['watch pricng', 'Did you mean `/radar watch pricing`?'],
    ['unwatch contnet', 'Did you mean `/radar unwatch content`?'],
    ['label ad Foo', 'Did you mean `/radar label add`?'],
    ['ai trnd', 'Did you mean `/radar ai trend`?'],
    ['sources histroy', 'Did you mean `/radar sources history`?'],
    ['history pricng', 'Did you mean `/radar history pricing`?'],
  ])('`/radar %s` asks "did you mean"', async (text, sentence) => {
    expect(replyText(await h.command(text, { channel: CHANNELS.intel }))).toContain(sentence);
  });

  it('takes a project name with spaces typed without quotes', async () => {
    const text = replyText(await h.command('tickets --project Quarry Pay', { channel: CHANNELS.intel }));
    expect(text).toContain('Quarry Pay: tickets');
    expect(text).not.toContain('matching “Pay”');
    const quoted = replyText(await h.command('tickets todo --project "Quarry Pay"', { channel: CHANNELS.intel }));
    expect(quoted).toContain('Quarry Pay: tickets');
  });

  it('keeps words after the project that are not part of its name, and says to quote a name it cannot find', async () => {
    const narrowed = replyText(await h.command('tickets --project northwind in progress', { channel: CHANNELS.intel }));
    expect(narrowed).toContain('Northwind CRM: tickets');
    expect(narrowed).toContain('matching “in” “progress”');
    const missing = replyText(await h.command('pricing --project Nowhere Corp', { channel: CHANNELS.intel }));
    expect(missing).toContain('No project matches “Nowhere”');
    expect(missing).toContain('quote it: `--project "Nowhere Corp"`');
  });

  it('refuses `scan trust … --fix-prompts` with the usage line itself', async () => {
    const text = replyText(await h.command('scan trust example.com --fix-prompts', { channel: CHANNELS.intel }));
    expect(text).toContain('`/radar scan trust &lt;domain or URL&gt;` or `/radar scan agents &lt;domain or URL&gt; [--fix-prompts]`: --fix-prompts goes with agent-adoption scans only.');
    expect(h.sandbox.control.requests().filter((r) => r.path.includes('/tools/'))).toHaveLength(0);
  });
});

describe('help reads with one spacing', () => {
  it('writes alternatives as `a | b` everywhere and shows --fix-prompts with agents only', () => {
    expect(tidyUsage('scan trust|agents <x>')).toBe('scan trust | agents <x>');
    const text = messageText(helpView(new CommandRegistry(FEATURES).all()));
    const usages = [...text.matchAll(/`\/radar ([^`]+)`\n/g)].map((m) => m[1] ?? '');
    expect(usages.length).toBeGreaterThan(20);
    for (const usage of usages) expect(usage).not.toMatch(/\S\|\S|\S\||\|\S/);
    expect(text).toContain('`/radar scan trust <domain or URL> | scan agents <domain or URL> [--fix-prompts] | scan <scan id>`');
  });
});
