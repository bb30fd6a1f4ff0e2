import { describe, expect, it } from 'vitest';
import { projectsView } from '../../../src/features/bindings/views/projects-view.js';
import { statusView } from '../../../src/features/bindings/views/status-view.js';
import type { Project } from '../../../src/service/index.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';

const NOW = new Date('2026-11-20T12:00:00Z');

function project(i: number): Project {
  return {
    id: `prj_${i}`,
    organizationId: 'org_1',
    name: `Project ${i}`,
    domain: `project-${i}.example.com`,
    status: 'active',
    competitorCount: 3,
    lastMonitoredAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

describe('projectsView', () => {
  it('past one page, every project is reachable by --page and the bind hint stays', () => {
    const projects = Array.from({ length: 60 }, (_, i) => project(i + 1));
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const { blocks } = projectsView(projects, NOW, { page, words: [] });
      expect(blocks.length).toBeLessThan(50);
      const text = renderBlocksText(blocks);
      for (const p of projects) if (text.includes(`id \`${p.id}\``)) seen.add(p.id);
      expect(text).toContain('/radar bind');
      expect(text).not.toMatch(/…and \d+ projects/);
    }
    expect(seen.size).toBe(60);
  });
});

describe('statusView', () => {
  it('escapes the project name in the fallback text too, so a <!channel> in it never notifies', () => {
    const binding = {
      teamId: 'T1',
      channelId: 'C1',
      projectId: 'prj_1',
      projectName: '<!channel> Acme',
      boundBy: 'U1',
      boundAt: '2026-11-19T12:00:00Z',
      digestsEnabled: true,
      lastSeenRunId: null,
      failing: null,
    };
    const view = statusView({ binding, service: { reachable: true, detail: '' }, keyScope: 'read', storeKind: 'sqlite', now: NOW });
    expect(view.text).toBe('Bound to &lt;!channel&gt; Acme');
    expect(JSON.stringify(view.blocks)).not.toContain('<!channel>');
  });
});
