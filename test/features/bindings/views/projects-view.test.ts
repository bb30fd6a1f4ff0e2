import { describe, expect, it } from 'vitest';
import { projectsView } from '../../../../src/features/bindings/views/projects-view.js';
import type { Project } from '../../../../src/service/index.js';
import { messageText } from '../../../support/view-checks.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const project = (i: number, overrides: Partial<Project> = {}): Project => ({
  id: `prj_${i}`,
  organizationId: 'org_1',
  name: `Project ${i}`,
  domain: `project-${i}.example.com`,
  status: 'active',
  competitorCount: 3,
  lastMonitoredAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('projectsView', () => {
  it('lists each project with domain, id, competitors, last monitoring and the bind hint', () => {
    const text = messageText(projectsView([project(1, { competitorCount: 1, lastMonitoredAt: '2026-11-20T10:00:00Z' }), project(2)], NOW));
    expect(text).toContain('== Projects (2) ==');
    expect(text).toContain('*Project 1* · project-1.example.com · id `prj_1`');
    expect(text).toContain('1 competitor · last monitored');
    expect(text).toContain('3 competitors · last monitored never · status active');
    expect(text).toContain('Bind this channel to one with `/radar bind <name, domain or id>`.');
  });

  it('no projects: says the key sees none', () => {
    const view = projectsView([], NOW);
    expect(view.text).toBe('No projects');
    expect(view.empty).toBe(true);
    expect(messageText(view)).toContain("Radar's key can see no projects in this organisation.");
  });

  it('past one page (issue 17): pages with --page instead of "…and N projects", the next page named', () => {
    const projects = Array.from({ length: 127 }, (_, i) => project(i + 1));
    const first = messageText(projectsView(projects, NOW, { page: 1, words: [] }));
    expect(first).toContain('== Projects (127) ==');
    expect(first).toContain('Page 1 of 7 · next: `/radar projects --page 2`');
    expect(first).not.toMatch(/…and \d+/);
    const last = messageText(projectsView(projects, NOW, { page: 7, words: [] }));
    expect(last).toContain('id `prj_127`');
    expect(last).toContain('Page 7 of 7');
    const past = projectsView(projects, NOW, { page: 8, words: [] });
    expect(past.empty).toBe(true);
    expect(messageText(past)).toContain('Page 8 is past the end: 127 projects, 7 pages.');
  });

  it('words filter by name, domain or id; none matching says so and is an empty answer', () => {
    const projects = [project(1, { name: 'Northwind CRM', domain: 'northwindcrm.com' }), project(2, { name: 'Lumen Docs' }), project(3, { name: 'Quarry Pay', status: 'paused_by_owner' })];
    const crm = messageText(projectsView(projects, NOW, { page: 1, words: ['crm'] }));
    expect(crm).toContain('== Projects matching “crm” (1 of 3) ==');
    expect(crm).toContain('*Northwind CRM*');
    expect(crm).not.toContain('Lumen Docs');
    const none = projectsView(projects, NOW, { page: 1, words: ['<!here>'] });
    expect(none.empty).toBe(true);
    expect(messageText(none)).toContain('No project\'s name, domain or id contains “<!here>” (3 projects in all).');
    expect(JSON.stringify(none.blocks)).not.toContain('<!here>');
    // Status values (not shown by the spec) are humanised.
    expect(messageText(projectsView(projects, NOW, { page: 1, words: ['quarry'] }))).toContain('status paused by owner');
  });
});
