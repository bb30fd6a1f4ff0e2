/**
 * The project detail, alerts and schedules views on shapes the spec leaves open: freshness as a
 * list of entries, a nested project, prompts as objects, missing parts (said in one line each, the
 * rest shown), service text escaped, and Block Kit limits on long answers.
 */
import { describe, expect, it } from 'vitest';
import { passthroughView } from '../../../../src/features/project/views/passthrough-view.js';
import { projectView } from '../../../../src/features/project/views/project-view.js';
import { entriesOf, readProjectDetail } from '../../../../src/service/read/project.js';
import { messageText } from '../../../support/view-checks.js';

const NOW = new Date('2026-11-20T09:00:00Z');
const BASE = { id: 'prj_x', name: 'X', domain: 'x.com', status: 'active', competitorCount: 3, lastMonitoredAt: '2026-11-19T09:00:00Z', createdAt: '2025-01-01T00:00:00Z' };

describe('projectView', () => {
  it('reads freshness given as a list of entries and prompts given as objects', () => {
    const text = messageText(projectView('X', readProjectDetail({ ...BASE, dimensionFreshness: [{ dimension: 'tech-trust', lastMonitoredAt: '2026-11-18T09:00:00Z' }, { dimension: 'pricing', lastMonitoredAt: null }], aiPrompts: [{ text: 'best <crm> & co' }] }), NOW));
    // Dimensions as words, times as "2 days ago (<the reader's date>)", the id as what --project takes.
    expect(text).toMatch(/\*Tech and trust:\* 2 days ago \(\w{3} \d+, 2026 \d\d:\d\d\)/);
    expect(text).toContain('`prj_x`');
    expect(text).toContain('*Pricing:* _not monitored yet_');
    expect(text).not.toContain('null');
    expect(text).toContain('1. best <crm> & co');
  });

  it('finds the parts one level down and says in one line what it cannot find; the rest is shown', () => {
    const text = messageText(projectView('X', readProjectDetail({ project: { ...BASE, monitoring: { freshness: { content: '2026-11-10T00:00:00Z' } } }, plan: { tier: 'growth_plus' } }), NOW));
    expect(text).toContain('*Content:* 10 days ago');
    expect(text).toContain("*AI monitoring prompts:* _Radar couldn't find them in the service's answer._");
    expect(text).toContain('3 competitors');
    const flat = messageText(projectView('X', readProjectDetail({ ...BASE, odd: 'value' }), NOW));
    expect(flat).toContain("*Monitoring freshness, per dimension:* _Radar couldn't find it in the service's answer._");
    expect(flat).toContain('*Odd:* value');
  });

  it('stays within Block Kit limits with hundreds of prompts and fields', () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, { nested: { deeper: { deepest: { value: i } } }, text: 'y'.repeat(500) }]));
    const text = messageText(projectView('X', readProjectDetail({ ...BASE, ...many, monitoringPrompts: Array.from({ length: 400 }, (_, i) => `prompt ${i} ${'z'.repeat(200)}`) }), NOW));
    expect(text).toContain('…and 375 more');
  });
});

describe('passthroughView', () => {
  it('lists entries of any envelope: items, a single item, or the bare answer', () => {
    const items = messageText(passthroughView({ title: 'alerts', noun: 'alert', projectName: 'X', facts: entriesOf({ items: [{ kind: 'price_drop', enabled: true }] }), now: NOW }));
    expect(items).toContain('*price drop* · enabled yes');
    const single = messageText(passthroughView({ title: 'schedules', noun: 'schedule', projectName: 'X', facts: entriesOf({ item: { cadence: 'weekly' } }), now: NOW }));
    expect(single).toContain('1 schedule');
    const bare = passthroughView({ title: 'schedules', noun: 'schedule', projectName: 'X', facts: entriesOf({ cadence: 'daily', note: '<!channel>' }), now: NOW });
    expect(messageText(bare)).toContain('note <!channel>');
    // Escaped in the blocks: Slack shows the text and never pings the channel.
    expect(JSON.stringify(bare.blocks)).toContain('&lt;!channel&gt;');
  });

  it('an empty list is a sentence, not a failure', () => {
    const view = passthroughView({ title: 'alerts', noun: 'alert', projectName: 'X', facts: entriesOf({ items: [] }), now: NOW });
    expect(view.empty).toBe(true);
    expect(messageText(view)).toContain('The service lists no alerts for *X*.');
  });

  it('keeps within 50 blocks, counting what it leaves out', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ id: `a${i}`, rules: Array.from({ length: 30 }, (_, j) => ({ j, text: 'q'.repeat(200) })) }));
    const view = passthroughView({ title: 'alerts', noun: 'alert', projectName: 'X', facts: entriesOf({ items, pagination: { total: 120 } }), now: NOW });
    expect(view.blocks.length).toBeLessThanOrEqual(50);
    const text = messageText(view);
    expect(text).toContain('…and 80 more alerts');
    expect(text).toContain('*Pagination:*');
  });
});
