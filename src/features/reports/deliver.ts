/**
 * Exactly-once delivery of a channel's scheduled report: the claim ledger protocol
 * (src/features/background/deliver-once.ts) on its own ledger (`report-ledger`, keyed by team, channel
 * and `report:<slot>`), the message carrying metadata (`radar_report`: project and slot) so a report
 * posted before a crash is found and recorded instead of posted again. The chart goes as Slack's block,
 * or as a PNG in the thread when the workspace refuses it (src/slack/charts/post.ts).
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { postChartMessage } from '../../slack/charts/post.js';
import { REPORT_IDS } from '../../slack/ids.js';
import { createDigestLedger, type DigestKey, type DigestLedger } from '../../store/digest-ledger.js';
import { deliverOnce, posterBase, type ClaimContext, type Delivery, type PosterBase } from '../background/deliver-once.js';
import type { ReportMessage } from './views/report-message.js';

export const REPORT_LEDGER_NAMESPACE = 'report-ledger';

export interface ReportDelivery extends PosterBase, ClaimContext<DigestKey> {
  ledger: DigestLedger;
}

export function createReportDelivery(deps: Pick<RadarDeps, 'store' | 'timing' | 'logger' | 'now'>, client: webApi.WebClient): ReportDelivery {
  return { ...posterBase(deps, client, 'reports'), ledger: createDigestLedger(deps.store, { now: deps.now, namespace: REPORT_LEDGER_NAMESPACE }) };
}

export const reportKey = (teamId: string, channelId: string, slot: Date): DigestKey => ({ teamId, channelId, runId: `report:${slot.toISOString()}` });

export function reportMetadata(projectId: string, slot: Date | null) {
  return { event_type: REPORT_IDS.eventType, event_payload: { project_id: projectId, ...(slot ? { slot: slot.toISOString() } : { on_request: true }) } };
}

const LOOKBACK_MS = 24 * 60 * 60_000;

async function findEarlier(ctx: ReportDelivery, channel: string, projectId: string, slot: Date, since: Date): Promise<string | null> {
  const botId = await ctx.botId();
  const oldest = ((since.getTime() - LOOKBACK_MS) / 1000).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await ctx.client.conversations.history({ channel, oldest, include_all_metadata: true, limit: 200, ...(cursor ? { cursor } : {}) });
    const found = (result.messages ?? []).find((m) => {
      const p = m.metadata?.event_payload as Record<string, unknown> | undefined;
      return m.bot_id === botId && m.metadata?.event_type === REPORT_IDS.eventType && p?.slot === slot.toISOString() && p.project_id === projectId;
    });
    if (found?.ts) return found.ts;
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!result.has_more || !cursor) return null;
  }
  return null;
}

export function deliverReport(ctx: ReportDelivery, key: DigestKey, projectId: string, slot: Date, render: () => Promise<ReportMessage>): Promise<Delivery> {
  return deliverOnce(ctx, key, {
    what: 'report',
    findEarlier: (since) => findEarlier(ctx, key.channelId, projectId, slot, since),
    render,
    async post(message) {
      return (await postChartMessage(ctx.client, { channel: key.channelId }, message, { metadata: reportMetadata(projectId, slot) })).ts;
    },
    followUp: async () => undefined,
    completeRecovered: async () => undefined,
  });
}
