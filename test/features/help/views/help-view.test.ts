import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../../src/features/index.js';
import { helpView } from '../../../../src/features/help/views/help-view.js';
import { CommandRegistry } from '../../../../src/slack/commands/registry.js';
import type { HelpArea, SubcommandSpec } from '../../../../src/slack/commands/spec.js';
import { messageText } from '../../../support/view-checks.js';

const spec = (i: number, area: HelpArea = 'market'): SubcommandSpec => ({ name: `c${i}`, usage: `c${i} <thing>`, summary: `Does thing ${i}.`, area, example: `/radar c${i} x` });

describe('helpView', () => {
  it('lists every command with its usage, summary and example, and the flags and shortcuts', () => {
    const text = messageText(helpView([spec(1), spec(2)]));
    expect(text).toContain('== Radar: competitive intelligence in Slack ==');
    expect(text).toContain('`/radar c1 <thing>`\nDoes thing 1. e.g. `/radar c1 x`');
    expect(text).toContain('`/radar c2 <thing>`');
    expect(text).toContain('`--project <id or name>`');
    expect(text).toContain('*Create Radar ticket* and *Add to Radar ticket*');
  });

  it("shows Radar's own commands", () => {
    const text = messageText(helpView(new CommandRegistry(FEATURES).all()));
    for (const name of ['bind', 'pricing', 'briefing', 'tickets', 'scan']) expect(text).toContain(`\`/radar ${name}`);
  });

  it('groups commands by area, in the areas’ order, keeping registry order inside an area', () => {
    const text = messageText(helpView([spec(1, 'tickets'), spec(2, 'setup'), spec(3, 'tickets'), spec(4, 'ai')]));
    const at = (s: string) => text.indexOf(s);
    expect(at('*Channel setup*')).toBeLessThan(at('`/radar c2'));
    expect(at('`/radar c2')).toBeLessThan(at('*AI visibility and sources*'));
    expect(at('*AI visibility and sources*')).toBeLessThan(at('`/radar c4'));
    expect(at('`/radar c4')).toBeLessThan(at('*Tickets*'));
    expect(at('*Tickets*')).toBeLessThan(at('`/radar c1'));
    expect(at('`/radar c1')).toBeLessThan(at('`/radar c3'));
    expect(text).not.toContain('*Watches*');
  });

  it('stays within the block limit with many more commands than Radar has', () => {
    const text = messageText(helpView(Array.from({ length: 40 }, (_, i) => spec(i))));
    expect(text).toContain('`/radar c39 <thing>`');
  });
});
