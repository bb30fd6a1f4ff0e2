/**
 * The `/radar` command line: words and quotes, flags wherever they are typed (`--flag value`,
 * `--flag=value`, one dash, or the dash Slack's autocorrect makes), each subcommand's own flags, the
 * words typed after a flag's value, and the one sentence for each mistake.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COMMAND_TEXT, pageOf, parseCommand, UsageError, withShare, type FlagLookup } from '../../../src/slack/commands/parse.js';

const own: Record<string, ReturnType<typeof withShare>> = {
  tickets: withShare({ values: { project: 'a project', page: 'a page number' }, switches: ['all'] }),
  bind: withShare(undefined),
  watch: withShare({ values: { competitor: 'a domain', threshold: 'points' } }),
};
const lookup: FlagLookup = {
  all: { values: { project: 'a project', page: 'a page number', competitor: 'a domain', threshold: 'points' }, switches: ['share', 'all'] },
  of: (name) => own[name],
};
const parse = (text: string) => parseCommand(text, lookup);
const refused = (text: string): string => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${text} was accepted`);
};

describe('parseCommand', () => {
  it('reads the subcommand (lower-cased) and its words as typed, quotes grouping words', () => {
    expect(parse('')).toMatchObject({ name: '', args: [], values: {} });
    expect(parse('  Tickets  In Progress ')).toMatchObject({ name: 'tickets', args: ['In', 'Progress'] });
    expect(parse('label add "Q3 roadmap" #1f6feb').args).toEqual(['add', 'Q3 roadmap', '#1f6feb']);
    expect(parse('tickets “in progress” \'to do\' ""').args).toEqual(['in progress', 'to do', '']);
    expect(parse('tickets - — x').args).toEqual(['-', '—', 'x']);
    // `--` ends the flags, as on any command line: what follows is words.
    expect(parse('tickets -- --all -5')).toMatchObject({ name: 'tickets', args: ['--all', '-5'] });
  });

  it('takes flags anywhere, as --flag value, --flag=value, -flag, or with the dash autocorrect writes', () => {
    expect(parse('--project quarry tickets --share')).toMatchObject({ name: 'tickets', args: [], values: { project: 'quarry' } });
    expect(parse('--project=Quarry tickets')).toMatchObject({ name: 'tickets', values: { project: 'Quarry' } });
    expect(parse('tickets todo --page=2')).toMatchObject({ args: ['todo'], values: { page: '2' } });
    expect(parse('tickets —project quarry –all -share --ALL')).toMatchObject({ values: { project: 'quarry' } });
    expect([...parse('tickets —project quarry –all -share --ALL').switches].sort()).toEqual(['all', 'share']);
    expect(parse('tickets --project "Quarry Pay" --page 3')).toMatchObject({ values: { project: 'Quarry Pay', page: '3' } });
    expect(parse('tickets --page -1').values.page).toBe('-1');
    expect(parse('tickets --project a=b').values.project).toBe('a=b');
    expect(parse('tickets --project=a=b').values.project).toBe('a=b');
  });

  it('reads each subcommand with its own flags, and finds the subcommand past flags typed before it', () => {
    expect(refused('bind northwind --all')).toBe("Radar doesn't know the option --all for /radar bind; it knows --share.");
    expect(refused('watch pricing --page 2')).toBe("Radar doesn't know the option --page for /radar watch; it knows --competitor, --threshold, --share.");
    expect(refused('nosuch --colour red')).toBe("Radar doesn't know the option --colour; it knows --project, --page, --competitor, --threshold, --share, --all.");
    expect(refused('-p tickets')).toBe("Radar doesn't know the option --p for /radar tickets; it knows --project, --page, --share, --all.");
    expect(refused(`tickets --${'x'.repeat(60)}`)).toContain(`--${'x'.repeat(40)} for /radar tickets`);
    expect(refused('tickets -5')).toBe("Radar doesn't know the option -5 for /radar tickets; it knows --project, --page, --share, --all.");
    expect(refused('tickets --not_a_flag')).toContain("Radar doesn't know the option --not_a_flag for /radar tickets");
    expect(parse('--competitor pipedrift.com watch pricing')).toMatchObject({ name: 'watch', args: ['pricing'], values: { competitor: 'pipedrift.com' } });
    expect(parse('--all tickets').name).toBe('tickets');
  });

  it('says what a flag needs, or that it takes none', () => {
    expect(refused('tickets --project')).toBe('--project needs a project.');
    expect(refused('tickets --project --all')).toBe('--project needs a project.');
    expect(refused('tickets --project=')).toBe('--project needs a project.');
    expect(refused('tickets --all=yes')).toBe('--all takes no value.');
    expect(refused('tickets --share=')).toBe('--share takes no value.');
    expect(refused('x'.repeat(MAX_COMMAND_TEXT + 1))).toBe(`That command is ${MAX_COMMAND_TEXT + 1} characters long; Radar reads commands of up to ${MAX_COMMAND_TEXT}.`);
  });

  it('keeps the words typed after a separate value, up to the next flag, with where they start in args', () => {
    expect(parse('tickets --project Quarry Pay')).toMatchObject({ args: ['Pay'], values: { project: 'Quarry' }, trailing: { project: { at: 0, words: ['Pay'] } } });
    expect(parse('tickets todo --project Quarry Pay Ltd --all later')).toMatchObject({
      args: ['todo', 'Pay', 'Ltd', 'later'],
      trailing: { project: { at: 1, words: ['Pay', 'Ltd'] } },
    });
    // Only after the subcommand word, and never for an inline value.
    expect(parse('--project Quarry tickets Pay').trailing).toBeUndefined();
    expect(parse('tickets --project=Quarry Pay').trailing).toBeUndefined();
    expect(parse('tickets --project Quarry').trailing).toBeUndefined();
  });

  it('reads --page as a whole number from 1', () => {
    expect(pageOf(parse('tickets'))).toBe(1);
    expect(pageOf(parse('tickets --page 12'))).toBe(12);
    for (const page of ['0', '-1', '1.5', 'two', '1234567']) expect(() => pageOf(parse(`tickets --page=${page}`))).toThrow('--page needs');
  });
});
