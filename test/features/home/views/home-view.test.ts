/** The Home tab view on its own: Slack's Home tab limits hold however much there is to show. */
import { describe, expect, it } from 'vitest';
import type { Ticket, TicketFacts } from '../../../../src/service/index.js';
import { ticketFactsOf } from '../../../../src/service/schemas/tickets.js';
import type { BriefingRead } from '../../../../src/service/index.js';
import { briefingFactsOf } from '../../../../src/service/read/briefing.js';
import type { HomeModel, HomeProject } from '../../../../src/features/home/home-data.js';
import { homeView } from '../../../../src/features/home/views/home-view.js';
import { homeText } from '../../../support/view-checks.js';

const long = (n: number) => 'Long & <odd> name '.repeat(n);

function ticket(n: number): TicketFacts {
  return ticketFactsOf({
    id: `t${n}`,
    number: n,
    title: `${long(20)} ${n}`,
    labels: [],
    status: 'todo',
    assignee: { userId: 'usr_1', fullName: 'Maya Chen' },
    dueDate: null,
    effort: 'low',
    impact: 3,
  } as unknown as Ticket);
}

function project(i: number): HomeProject {
  const read = {
    meta: { status: 'done', editionNumber: 7, briefingDate: '2026-05-01' },
    item: { hub: { blocks: [{ type: 'headline', verdict: `${long(40)} verdict` }] } },
    coverage: null,
    contains: [],
    tickets: null,
  } as unknown as BriefingRead;
  return {
    projectId: `prj_${i}`,
    projectName: `${long(8)} ${i}`,
    assigned: { kind: 'tickets', member: { userId: 'usr_1', fullName: 'Maya Chen' }, tickets: Array.from({ length: 30 }, (_, n) => ticket(n + 1)), unreadable: [], total: 57 },
    briefing: { kind: 'edition', read: briefingFactsOf(read) },
  };
}

const model = (over: Partial<HomeModel> = {}): HomeModel => ({
  channels: Array.from({ length: 300 }, (_, i) => ({
    binding: { teamId: 'T1', channelId: `C${String(i).padStart(8, '0')}`, projectId: `prj_${i % 10}`, projectName: `${long(5)} ${i}`, boundBy: 'U1', boundAt: '2026-01-01T00:00:00Z' },
    settings: ['digests on'],
  })),
  channelsUnknown: false,
  projects: Array.from({ length: 10 }, (_, i) => project(i)),
  moreProjects: 4,
  disallowedProjects: 1,
  firstVisit: true,
  refreshedAt: new Date('2026-06-01T09:00:00Z'),
  ...over,
});

describe('homeView', () => {
  it('stays within 100 blocks, 3,000 characters a section and 150 a header, escaping names', () => {
    const view = homeView(model());
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    const text = homeText(view);
    expect(text).toContain('How to start');
    expect(text).toContain('8 of 57 open tickets shown');
    expect(text).toContain('4 more projects of your channels not shown here');
    expect(JSON.stringify(view.blocks)).toContain(`Updated <!date^${Date.parse('2026-06-01T09:00:00Z') / 1000}^`);
    // Escaped in the blocks (rendered back to `<odd>` for reading).
    expect(JSON.stringify(view.blocks)).toContain('&lt;odd&gt;');
  });

  it("keeps the person's own part (follows, notifications) within 100 blocks however many channels and follows there are", () => {
    const follows = Array.from({ length: 40 }, (_, i) => ({ kind: 'ticket' as const, projectId: 'prj_1', projectName: long(3), target: `t${i}`, label: `#${i} ${long(10)}`, setBy: 'U1', setAt: '2026-05-01T00:00:00Z' }));
    const person = { teamId: 'T1', userId: 'U1', follows, settings: { assigned: true, comments: false, changes: true, quietHours: { start: '22:00', end: '07:00' } }, tz: 'Europe/Berlin', names: [] };
    const view = homeView(model({ person }), { followValue: (f) => `sealed-${f.target}` });
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    const text = homeText(view);
    expect(text).toContain('…and 240 more bound channels');
    expect(text).toContain('…and 28 more: `/radar follow` lists them all.');
    expect(text).toContain('gains a comment: *off*');
    expect(text).toContain('Quiet hours, in your time zone (Europe/Berlin)');
    expect(JSON.stringify(view.blocks)).toContain('&lt;odd&gt;');
  });

  it('says when the channels cannot be checked, and lists none', () => {
    const text = homeText(homeView(model({ channels: [], channelsUnknown: true, projects: [], moreProjects: 0, disallowedProjects: 0 })));
    expect(text).toContain("Radar couldn't check which channels you're in");
    expect(text).not.toContain('Assigned to you');
  });

  it('a project whose reads failed says so in its place and the rest is shown', () => {
    const failed: HomeProject = { ...project(1), assigned: { kind: 'failed', reason: 'The monitoring service is not answering right now.' }, briefing: { kind: 'none' } };
    const text = homeText(homeView(model({ projects: [failed, project(2)], firstVisit: false })));
    expect(text).toContain(':warning: The monitoring service is not answering right now.');
    expect(text).toContain('No briefing edition yet');
    expect(text).toContain('Edition 7');
    expect(text).not.toContain('How to start');
  });
});
