import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors.js';
import { describeError, isUnexpected, UserError } from '../../src/slack/error-text.js';
import { UsageError } from '../../src/slack/commands/parse.js';

const slackError = (error: string) => Object.assign(new Error(`An API error occurred: ${error}`), { code: 'slack_webapi_platform_error', data: { ok: false, error } });

describe('describeError', () => {
  it('gives Slack refusals their own sentence', () => {
    expect(describeError(slackError('not_in_channel'))).toContain('/invite @Radar');
    expect(describeError(slackError('is_archived'))).toContain("won't let Radar post in this channel (is archived)");
    expect(describeError(slackError('token_revoked'))).toContain('reinstall Radar');
    expect(describeError(Object.assign(new Error('rate limited'), { code: 'slack_webapi_rate_limited_error', retryAfter: 30 }))).toContain('Slack is rate limiting Radar');
    expect(isUnexpected(slackError('not_in_channel'))).toBe(false);
  });

  it('escapes what a person typed and passes UserError sentences through', () => {
    expect(describeError(new UsageError('--x <!channel>'))).toBe('--x &lt;!channel&gt;');
    expect(describeError(new UserError('*already mrkdwn*'))).toBe('*already mrkdwn*');
  });

  it('never shows an unknown error’s message', () => {
    const text = describeError(new Error('secret internals at /srv/x.js:1:1'), { action: 'read the briefing' });
    expect(text).toBe('Something went wrong while Radar tried to read the briefing; it has been logged.');
    expect(isUnexpected(new Error('x'))).toBe(true);
  });

  it('escapes a service message it quotes', () => {
    const e = new ServiceError({ code: 'invalid_parameters', status: 400, message: 'bad <!here> value', endpoint: 'GET /v1/x', path: '/v1/x' });
    expect(describeError(e)).toContain('bad &lt;!here&gt; value');
  });

  it('a 402 on a board endpoint is the service’s words (the board works on any plan); on a scan it is the plan sentence', () => {
    const on = (endpoint: string) => new ServiceError({ code: 'subscription_required', status: 402, message: 'Board <!here> paused', endpoint, path: '/v1/x' });
    for (const endpoint of ['GET /v1/projects/{projectId}/tickets', 'DELETE /v1/projects/{projectId}/tickets/{ticketId}/comments/{commentId}', 'GET /v1/projects/{projectId}/tickets/labels', 'GET /v1/projects/{projectId}/tickets/assignees']) {
      const text = describeError(on(endpoint));
      expect(text).toContain('Board &lt;!here&gt; paused');
      expect(text).toContain('works on any plan');
      expect(text).not.toContain('scans and fetches are part of a plan');
    }
    expect(describeError(on('POST /v1/tools/trust-signals/scans'))).toContain('needs a plan');
  });
});

