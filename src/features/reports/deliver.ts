/**
 * Exactly-once delivery of a channel's scheduled report: the claim ledger protocol
 * (src/features/background/deliver-once.ts) on its own ledger (`report-ledger`, keyed by team, channel
 * and `report:<slot>`), the message carrying metadata (`radar_report`: project and slot) so a report
 * posted before a crash is found and recorded instead of posted again. The chart goes as Slack's block,
 * or as a PNG in the thread when the workspace refuses it (src/slack/charts/post.ts).
 */
import { findOwnPost } from '../background/find-own-post.js';
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

/**
 * `/radar report now`'s key: the channel's project and the report it follows (its last report's time,
 * or `none`). Two presses at once (or on two replicas) before that report mark moves share the key,
 * so one report is posted; a press after it is a new report.
 */
export const reportNowKey = (teamId: string, channelId: string, projectId: string, after: string | null): DigestKey => ({ teamId, channelId, runId: `report-now:${projectId}:${after ?? 'none'}` });

export function reportMetadata(projectId: string, slot: Date | null, after?: string | null) {
  return { event_type: REPORT_IDS.eventType, event_payload: { project_id: projectId, ...(slot ? { slot: slot.toISOString() } : { on_request: true, after: after ?? 'none' }) } };
}

async function findEarlier(ctx: ReportDelivery, channel: string, projectId: string, slot: Date, since: Date): Promise<string | null> {
  return findOwnPost(ctx.client, { channel, botId: await ctx.botId({ channel }), since }, ({ eventType, payload }) => eventType === REPORT_IDS.eventType && payload?.slot === slot.toISOString() && payload.project_id === projectId);
}

/** `/radar report now` through the same ledger: one report per press-key (`reportNowKey`), found after a crash by `on_request` and `after`. */
export function deliverReportNow(ctx: ReportDelivery, key: DigestKey, projectId: string, after: string | null, render: () => Promise<ReportMessage>): Promise<Delivery> {
  return deliverOnce(ctx, key, {
    what: 'report on request',
    findEarlier: async (since) =>
      findOwnPost(ctx.client, { channel: key.channelId, botId: await ctx.botId({ channel: key.channelId, teamId: key.teamId }), since }, ({ eventType, payload }) => eventType === REPORT_IDS.eventType && payload?.on_request === true && payload.after === (after ?? 'none') && payload.project_id === projectId),
    render,
    async post(message) {
      return (await postChartMessage(ctx.client, { channel: key.channelId }, message, { metadata: reportMetadata(projectId, null, after) })).ts;
    },
    followUp: async () => undefined,
    completeRecovered: async () => undefined,
  });
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
