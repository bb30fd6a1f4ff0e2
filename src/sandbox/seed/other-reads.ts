/** Alerts and schedules: the spec shows no payloads, so these stay small and loose (AI sources: ai-sources.ts). */
import type { Json } from './types.js';
import { daysAgo } from './ids.js';

export function alerts(projectKey: string): Json[] {
  return [
    { id: `alr_${projectKey}_price`, kind: 'pricing_change', enabled: true, channel: 'email', createdAt: daysAgo(90) },
    { id: `alr_${projectKey}_content`, kind: 'new_competitor_pages', enabled: false, channel: 'email', createdAt: daysAgo(60) },
  ];
}

export function schedules(projectKey: string): Json[] {
  return [
    { id: `sch_${projectKey}_monitoring`, kind: 'monitoring', cadence: 'weekly', nextRunAt: daysAgo(-5) },
    { id: `sch_${projectKey}_briefing`, kind: 'strategic_briefing', cadence: '30_days', nextRunAt: daysAgo(-28) },
  ];
}
