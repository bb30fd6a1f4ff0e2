/**
 * How a listener logs a failure it answers the person about: at error level when it is unexpected
 * (a bug, the service failing, a code Slack refused that Radar does not know), else at info level
 * (the person's mistake, a known service state, a known Slack refusal). Failures a listener does
 * not catch reach the app's one `app.error` handler (src/slack/app.ts), which logs them as errors.
 */
import type { Logger } from '../log.js';
import { isUnexpected } from './error-text.js';

export function logFailure(logger: Logger, msg: string, error: unknown, fields: Record<string, unknown> = {}): void {
  const fullFields = { error, ...fields };
  if (isUnexpected(error)) logger.error(msg, fullFields);
  else logger.info(msg, fullFields);
}
