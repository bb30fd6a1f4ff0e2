/**
 * The `/radar` registry built from the features: names and flags declared twice refuse to start,
 * help lists every feature's subcommands in order, and each subcommand parses its own flags.
 */
import { describe, expect, it } from 'vitest';
import type { AnyFeature, Subcommand } from '../../../src/plugin.js';
import { FEATURES } from '../../../src/features/index.js';
import { helpView } from '../../../src/features/help/views/help-view.js';
import { CommandRegistry } from '../../../src/slack/commands/registry.js';
import { parseCommand, UsageError } from '../../../src/slack/commands/parse.js';

const sub = (name: string, extra: Partial<Subcommand> = {}): Subcommand => ({
  name,
  usage: name,
  summary: `Does ${name}.`,
  area: 'market',
  example: `/radar ${name}`,
  run: async () => {},
  ...extra,
});
const feature = (name: string, subcommands: Subcommand[]): AnyFeature => ({ name, subcommands });

describe('CommandRegistry', () => {
  it('refuses two features declaring the same subcommand, or an alias another has', () => {
    expect(() => new CommandRegistry([feature('a', [sub('report')]), feature('b', [sub('report')])])).toThrow(
      'subcommand "report" is declared by both the a and the b feature',
    );
    expect(() => new CommandRegistry([feature('a', [sub('report')]), feature('b', [sub('summary', { aliases: ['report'] })])])).toThrow(/declared by both the a and the b/);
    expect(() => new CommandRegistry([feature('a', [sub('report'), sub('report')])])).toThrow('declared twice by the a feature');
    expect(() => new CommandRegistry([feature('a', []), feature('a', [])])).toThrow('two features are called "a"');
  });

  it('refuses a flag that takes a value for one subcommand and none for another, and badly written names', () => {
    expect(
      () =>
        new CommandRegistry([
          feature('a', [sub('report', { flags: { values: { since: 'a date' } } })]),
          feature('b', [sub('summary', { flags: { switches: ['since'] } })]),
        ]),
    ).toThrow('--since takes a value for /radar report but no value for /radar summary');
    expect(() => new CommandRegistry([feature('a', [sub('report', { flags: { values: { share: 'x' } } })])])).toThrow(/--share takes no value/);
    expect(() => new CommandRegistry([feature('a', [sub('Report')])])).toThrow(/one lower-case word/);
    expect(() => new CommandRegistry([feature('a', [sub('report', { flags: { switches: ['Dry_run'] } })])])).toThrow(/flags are lower-case words/);
  });

  it('lists every feature’s subcommands in the order of the features, and help shows them in that order', () => {
    const registry = new CommandRegistry([feature('first', [sub('zeta'), sub('alpha')]), feature('second', [sub('mid')])]);
    expect(registry.all().map((c) => c.name)).toEqual(['zeta', 'alpha', 'mid']);
    expect(registry.find('mid')?.feature.name).toBe('second');
    const text = JSON.stringify(helpView(registry.all()).blocks);
    expect(text.indexOf('/radar zeta')).toBeLessThan(text.indexOf('/radar alpha'));
    expect(text.indexOf('/radar alpha')).toBeLessThan(text.indexOf('/radar mid'));

    // Radar's own features, in the order help has always listed them.
    expect(new CommandRegistry(FEATURES).all().map((c) => c.name)).toEqual([
      'help', 'bind', 'unbind', 'status', 'projects', 'project', 'alerts', 'schedules', 'briefing', 'pricing', 'positioning', 'content', 'changes', 'tech', 'history', 'run', 'competitors', 'competitor', 'ai', 'sources', 'tickets', 'ticket', 'sync', 'labels', 'label', 'scan', 'fetch', 'digest', 'watch', 'unwatch', 'follow', 'unfollow', 'report',
    ]);
  });

  it('parses each subcommand’s own flags, wherever they are typed', () => {
    const { flags } = new CommandRegistry(FEATURES);
    expect(parseCommand('--project quarry pricing --share', flags)).toMatchObject({ name: 'pricing', args: [], values: { project: 'quarry' } });
    expect(parseCommand('briefing history --page=2', flags)).toMatchObject({ name: 'briefing', args: ['history'], values: { page: '2' } });
    expect([...parseCommand('tickets todo --all', flags).switches]).toEqual(['all']);
    expect([...parseCommand('scan agents x.io --fix-prompts', flags).switches]).toEqual(['fix-prompts']);
    expect(parseCommand('watch pricing --competitor pipedrift.com', flags)).toMatchObject({ name: 'watch', args: ['pricing'], values: { competitor: 'pipedrift.com' } });

    const refused = (text: string) => {
      try {
        parseCommand(text, flags);
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refused('bind northwind --all')).toBe("Radar doesn't know the option --all for /radar bind; it knows --share.");
    expect(refused('pricing --colour red')).toBe("Radar doesn't know the option --colour for /radar pricing; it knows --project, --share.");
    // Every flag any subcommand takes, each once (their order follows the features').
    const known = /^Radar doesn't know the option --colour; it knows (.*)\.$/.exec(refused('nosuch --colour'))?.[1]?.split(', ');
    expect(new Set(known)).toEqual(new Set(['--project', '--page', '--model', '--prompt', '--share', '--all-urls', '--charts', '--full', '--all', '--fix-prompts', '--headers', '--body', '--competitor', '--category', '--threshold', '--band', '--now', '--digest']));
    expect(known).toHaveLength(new Set(known).size);
    expect(refused('briefing --project')).toBe('--project needs a project id or name, e.g. --project northwind.');
    expect(refused('tickets --all=yes')).toBe('--all takes no value.');
  });
});
