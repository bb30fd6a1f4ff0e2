/** Helpers the report tests share. */
import type { Worker } from '../../../src/deps.js';
import { REPORT_IDS } from '../../../src/slack/ids.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import type { RadarHarness } from '../../support/radar-harness.js';

export function reportsIn(h: Pick<RadarHarness, 'slack'>, channel: string): StoredMessage[] {
  return h.slack.messagesIn(channel).filter((m) => m.metadata?.event_type === REPORT_IDS.eventType);
}

export function reportPoller(h: Pick<RadarHarness, 'radar'>): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'report-poller');
  if (!worker?.tick) throw new Error('the report poller is not running');
  return worker as Required<Worker>;
}

/** Radar's clock and the sandbox's, moved together (the sandbox stamps runs with its own). */
export function movedClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    move(h: Pick<RadarHarness, 'sandbox'>, ms: number) {
      offset += ms;
      h.sandbox.control.advanceClock(ms);
    },
  };
}

