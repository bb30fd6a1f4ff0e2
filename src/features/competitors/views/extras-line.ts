/**
 * A competitor list item's extras (the list reader's fields the spec does not name) as one mrkdwn line:
 * labels and values escaped, an ISO time as a Slack date token (never the raw timestamp), each value
 * and the count bounded. `/radar competitors` and the card say them alike.
 */
import type { Extra } from '../../../service/extras.js';
import { dateTokenOf, escapeMrkdwn, truncate } from '../../../slack/blocks/index.js';

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/;

export function extrasLine(extras: readonly Extra[] | undefined, max: number, valueCap: number): string {
  return (extras ?? [])
    .slice(0, max)
    .map((e) => `${escapeMrkdwn(e.label)} ${ISO_TIME.test(e.text) ? dateTokenOf(e.text) : escapeMrkdwn(truncate(e.text, valueCap))}`)
    .join(' · ');
}
