import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../../src/features/index.js';
import { helpView } from '../../../../src/features/help/views/help-view.js';
import { CommandRegistry } from '../../../../src/slack/commands/registry.js';
import type { SubcommandSpec } from '../../../../src/slack/commands/spec.js';
import { messageText } from '../../../support/view-checks.js';

const spec = (i: number): SubcommandSpec => ({ name: `c${i}`, usage: `c${i} <thing>`, summary: `Does thing ${i}.`, example: `/radar c${i} x` });

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

  it('stays within the block limit with many more commands than Radar has', () => {
    const text = messageText(helpView(Array.from({ length: 40 }, (_, i) => spec(i))));
    expect(text).toContain('`/radar c39 <thing>`');
  });
});
