/**
 * A channel's scheduled report (src/features/reports/): daily or weekly at a wall-clock time in a
 * time zone, the sections it leaves out, who set it and when, and the last-report mark (the slot last
 * delivered, and the moment the next report's "since" starts from). One record per (team, channel),
 * beside the binding, never inside it; it names the project it was set for, so a record left from
 * another binding is never used for the new one. Every write goes through `store.update`.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

/** The report's sections, in the order the message shows them (the words `/radar report sections` takes). */
export const REPORT_SECTIONS = ['briefing', 'pricing', 'positioning', 'ai', 'content', 'tech', 'tickets'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

export const REPORT_CADENCES = ['daily', 'weekly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

export interface ReportSchedule {
  cadence: ReportCadence;
  /** Weekly only: 0 Sunday to 6 Saturday; null for daily. */
  weekday: number | null;
  /** Wall-clock time in `zone`, `HH:MM` (24-hour). */
  time: string;
  /** IANA time zone name. */
  zone: string;
}

export interface ReportSettings {
  teamId: string;
  channelId: string;
  projectId: string;
  /** Null when the report is off (sections and the mark are kept, so `report now` still knows them). */
  schedule: ReportSchedule | null;
  /** Sections this channel leaves out. */
  sectionsOff: ReportSection[];
  /** Slack user id of whoever last set the schedule, and when (ISO 8601). */
  setBy: string;
  setAt: string;
  /** The scheduled slot last delivered here (ISO 8601); null before the first. */
  lastSlot: string | null;
  /** Where the next report's "since" starts: the end of what the last report covered (ISO 8601); null before the first. */
  lastReportAt: string | null;
  failing: { reason: string; since: string } | null;
}

export interface ReportSettingsRepo {
  get(teamId: string, channelId: string): Promise<ReportSettings | undefined>;
  /**
   * Applies `change` atomically to the channel's record (a record about another project reads as
   * undefined); returning undefined writes nothing, null deletes. Resolves what is stored after.
   */
  update(teamId: string, channelId: string, projectId: string, change: (current: ReportSettings | undefined) => ReportSettings | null | undefined): Promise<ReportSettings | undefined>;
  /** Every channel's record (unreadable ones skipped, logged once). */
  listAll(): Promise<ReportSettings[]>;
  /** Drops the channel's record (unbinding ends its report); resolves whether a report was scheduled. */
  remove(teamId: string, channelId: string): Promise<boolean>;
}

export const REPORT_SETTINGS_NAMESPACE = 'report-settings';

const recordSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  projectId: z.string(),
  schedule: z
    .looseObject({ cadence: z.enum(REPORT_CADENCES), weekday: z.number().int().min(0).max(6).nullable().default(null), time: z.string().regex(/^\d\d:\d\d$/), zone: z.string() })
    .nullable()
    .default(null),
  sectionsOff: z.array(z.enum(REPORT_SECTIONS)).default([]),
  setBy: z.string(),
  setAt: z.string(),
  lastSlot: z.string().nullable().default(null),
  lastReportAt: z.string().nullable().default(null),
  failing: z.looseObject({ reason: z.string(), since: z.string() }).nullable().default(null),
});

export function createReportSettingsRepo(store: Store): ReportSettingsRepo {
  const records = recordReader(store, REPORT_SETTINGS_NAMESPACE, recordSchema);
  return {
    get: (teamId, channelId) => records.get(bindingKey(teamId, channelId)),
    async update(teamId, channelId, projectId, change) {
      const key = bindingKey(teamId, channelId);
      let after: ReportSettings | undefined;
      await store.update<unknown>(REPORT_SETTINGS_NAMESPACE, key, (current) => {
        const parsed = records.parse(key, current);
        const base = parsed && parsed.projectId === projectId ? structuredClone(parsed) : undefined;
        const next = change(base);
        if (next === undefined) {
          after = parsed;
          return undefined;
        }
        after = next ?? undefined;
        return next ?? (current === undefined ? undefined : null);
      });
      return after;
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
    async remove(teamId, channelId) {
      const key = bindingKey(teamId, channelId);
      let scheduled = false;
      await store.update<unknown>(REPORT_SETTINGS_NAMESPACE, key, (current) => {
        if (current === undefined) return undefined;
        scheduled = Boolean(records.parse(key, current)?.schedule);
        return null;
      });
      return scheduled;
    },
  };
}
