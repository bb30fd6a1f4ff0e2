import type { DimensionRead } from '../../service/index.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import type { ReplyMessage } from '../../slack/commands/invocation.js';
import { DIMENSION_LABEL } from './dimension-word.js';

/** `no_data_available` is a state, not a failure (spec 7): one sentence, no Share. */
export function noDataReply(projectName: string, dimension: DimensionRead): ReplyMessage {
  const label = DIMENSION_LABEL[dimension];
  return { text: `No ${label} data yet`, blocks: [section(`*${escapeMrkdwn(projectName)}* has no completed ${label} run yet.`)] };
}
