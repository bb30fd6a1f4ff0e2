/** A finished scan's two messages, whichever its kind: the channel summary and the thread details. */
import type { Block } from '../../../slack/blocks/index.js';
import type { FinishedScan } from '../../../service/read/scans.js';
import { agentsDetailsView, agentsSummaryView } from './agents-view.js';
import type { ScanSubject } from './parts.js';
import { trustDetailsView, trustSummaryView } from './trust-view.js';

export interface ResultViews {
  summary: { text: string; blocks: Block[] };
  details: { text: string; blocks: Block[] };
}

export function resultViews(subject: ScanSubject, finished: FinishedScan, includeFixPrompts: boolean): ResultViews {
  if (finished.kind === 'trust') {
    return { summary: trustSummaryView(subject, finished.result), details: trustDetailsView(subject, finished.result) };
  }
  return { summary: agentsSummaryView(subject, finished.result), details: agentsDetailsView(subject, finished.result, includeFixPrompts) };
}
