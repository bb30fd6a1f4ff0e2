/**
 * Alerts and schedules (spec 2.11, 4.4): the spec shows no fields, so these are the sandbox's own
 * guesses, with some structure (nested conditions, recipient lists, time windows, nulls) so that
 * Radar's pass-through rendering is exercised on more than flat records.
 */
import type { Json } from './types.js';
import { daysAgo } from './ids.js';

export function alerts(projectKey: string): Json[] {
  return [
    {
      id: `alr_${projectKey}_price`,
      kind: 'pricing_change',
      enabled: true,
      channel: 'email',
      conditions: { dimension: 'pricing', threshold: { changePercent: 10 }, competitors: 'all' },
      recipients: ['owner', 'admins'],
      lastTriggeredAt: daysAgo(12),
      createdAt: daysAgo(90),
    },
    {
      id: `alr_${projectKey}_content`,
      kind: 'new_competitor_pages',
      enabled: false,
      channel: 'email',
      conditions: { dimension: 'content', categories: ['comparison', 'landing'], minimumPages: 5 },
      recipients: [],
      lastTriggeredAt: null,
      createdAt: daysAgo(60),
    },
    {
      id: `alr_${projectKey}_ai`,
      kind: 'ai_visibility_drop',
      enabled: true,
      channel: 'in_app',
      conditions: { dimension: 'ai-visibility', threshold: { scoreDrop: 15 }, providers: ['chatgpt', 'perplexity'] },
      recipients: ['owner'],
      lastTriggeredAt: daysAgo(3),
      createdAt: daysAgo(30),
    },
  ];
}

export function schedules(projectKey: string): Json[] {
  return [
    {
      id: `sch_${projectKey}_monitoring`,
      kind: 'monitoring',
      cadence: 'weekly',
      window: { dayOfWeek: 'monday', hourUtc: 6 },
      dimensions: ['tech-trust', 'content', 'positioning', 'pricing'],
      lastRunAt: daysAgo(2),
      nextRunAt: daysAgo(-5),
      enabled: true,
    },
    {
      id: `sch_${projectKey}_ai`,
      kind: 'ai_monitoring',
      cadence: 'daily',
      window: { hourUtc: 4 },
      dimensions: ['ai-visibility', 'ai-sources'],
      lastRunAt: daysAgo(1),
      nextRunAt: daysAgo(0, -19),
      enabled: true,
    },
    {
      id: `sch_${projectKey}_briefing`,
      kind: 'strategic_briefing',
      cadence: '30_days',
      window: null,
      dimensions: [],
      lastRunAt: null,
      nextRunAt: daysAgo(-28),
      enabled: true,
    },
  ];
}
