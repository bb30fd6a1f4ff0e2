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
    expect(messageText(view)).toContain("Radar's key can see no projects in this organisation.");
  });

  it('past 50 blocks: counts the projects left out and keeps the hint', () => {
    const projects = Array.from({ length: 60 }, (_, i) => project(i + 1));
    const text = messageText(projectsView(projects, NOW));
    const shown = projects.filter((p) => text.includes(`id \`${p.id}\``)).length;
    expect(shown).toBeLessThan(projects.length);
    expect(text).toContain(`…and ${projects.length - shown} projects`);
    expect(text).toContain('/radar bind');
  });
});
