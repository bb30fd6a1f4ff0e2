import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { logFailure } from '../../src/slack/log-failure.js';

const slackError = (error: string) => Object.assign(new Error(`An API error occurred: ${error}`), { code: 'slack_webapi_platform_error', data: { ok: false, error } });

describe('logFailure', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    return { lines, logger: createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
  };

  it('logs the unexpected at error level and known states at info level, with the error and the fields', () => {
    const { lines, logger } = capture();
    logFailure(logger, 'boom', new Error('bug'), { ticket: 't1' });
    logFailure(logger, 'refused', slackError('not_in_channel'), { ticket: 't2' });
    expect(lines.map((l) => [l.level, l.msg, l.ticket])).toEqual([
      ['error', 'boom', 't1'],
      ['info', 'refused', 't2'],
    ]);
    expect(JSON.stringify(lines[0])).toContain('bug');
  });
});
