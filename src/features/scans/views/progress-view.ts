/**
 * The channel message of a scan while it is followed (starting, queued, running) and when it ends
 * without a result to show (failed, expired, given up, never started).
 */
import { dateToken, escapeMrkdwn, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { formatElapsed, scanIdContext, scanIntro, scanTitle, type ScanSubject } from './parts.js';

export type ScanProgress = { state: 'starting' } | { state: 'queued' } | { state: 'running'; elapsedMs: number };

export function progressView(subject: ScanSubject, progress: ScanProgress): { text: string; blocks: Block[] } {
  const status = {
    starting: ':hourglass_flowing_sand: Starting…',
    queued: ':hourglass_flowing_sand: Queued: waiting for the scanner to pick it up.',
    running: `:hourglass_flowing_sand: Running for ${progress.state === 'running' ? formatElapsed(progress.elapsedMs) : ''}.`,
  }[progress.state];
  return {
    text: `${scanTitle(subject)}: ${progress.state}`,
    blocks: [section(`${scanIntro(subject)}.\n${status}`), ...scanIdContext(subject, 'the result will replace this message')],
  };
}

export type ScanStop =
  /** The scan ended in `failed` with the service's `error.code`. */
  | { reason: 'failed'; code: string }
  /**
   * Still queued or running at the give-up bound (`scanGiveUpMs`, or its `expiresAt` when sooner).
   * `readableUntil`: its `expiresAt`, while `/radar scan <id>` can still read it; null once passed.
   */
  | { reason: 'gave_up'; afterMs: number; readableUntil: string | null }
  /** `scan_not_found` once its `expiresAt` has passed; `at` is that time. */
  | { reason: 'expired'; at: string | null }
  /** `scan_not_found` before its `expiresAt`. */
  | { reason: 'not_found' }
  /** The service refused to start it, or to go on answering about it; `sentence` says why (mrkdwn). */
  | { reason: 'refused'; sentence: string; retryCommand: string | null };

export function stoppedView(subject: ScanSubject, stop: ScanStop): { text: string; blocks: Block[] } {
  const domain = `*${escapeMrkdwn(subject.domain)}*`;
  const id = subject.scanId === null ? '' : ` \`${escapeMrkdwn(subject.scanId)}\``;
  let sentence: string;
  let short: string;
  switch (stop.reason) {
    case 'failed':
      short = 'failed';
      sentence =
        stop.code === 'homepage_fetch_failed'
          ? `:x: The scan failed: the service could not fetch the homepage of ${domain}. Check that the address is right and the site is up, then scan again.`
          : stop.code === 'scan_failed'
            ? ':x: The scan failed on the service’s side. Scanning again may work; if it keeps failing, quote the scan id to support.'
            : stop.code === 'result_unreadable'
              ? ':x: The scan finished, but Radar couldn’t read its result in the service’s answer. Quote the scan id to support.'
              : `:x: The scan failed (\`${escapeMrkdwn(stop.code)}\`).`;
      break;
    case 'gave_up':
      short = 'still running';
      sentence =
        `:hourglass: The scan is still running after ${formatElapsed(stop.afterMs)}, so Radar has stopped following it. Its id is${id}` +
        (stop.readableUntil !== null && subject.scanId !== null
          ? `; \`${COMMAND} scan ${escapeMrkdwn(subject.scanId)}\` reads it until ${dateToken(new Date(stop.readableUntil))}, when the service deletes it.`
          : '; its expiry time has passed, so the service deletes it and it can no longer be read.');
      break;
    case 'expired':
      short = 'expired';
      sentence = `:wastebasket: The result of this scan has expired: the service kept it until ${stop.at ? dateToken(new Date(stop.at)) : 'its expiry time'} and has deleted it. Scan again for a fresh one.`;
      break;
    case 'not_found':
      short = 'not found';
      sentence = `:warning: The monitoring service no longer knows scan${id}, though its expiry time has not passed; a change of Radar's API key to another organisation hides scans too. Scan again for a fresh one.`;
      break;
    case 'refused':
      short = 'not run';
      sentence = `:warning: ${stop.sentence}${stop.retryCommand ? ` Run \`${escapeMrkdwn(stop.retryCommand)}\` again once that is fixed.` : ''}`;
      break;
  }
  return {
    text: `${scanTitle(subject)}: ${short}`,
    blocks: [section(`${scanIntro(subject)}.\n${sentence}`), ...scanIdContext(subject)],
  };
}
