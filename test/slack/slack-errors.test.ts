import { describe, expect, it } from 'vitest';
import { describeError, isUnexpected } from '../../src/slack/error-text.js';
import { channelFailureReason, isGoneForRadar, SLACK_ERRORS, slackErrorCode, slackErrorOf, type SlackErrorPermanence } from '../../src/slack/slack-errors.js';

const slackError = (error: string) => Object.assign(new Error(`An API error occurred: ${error}`), { code: 'slack_webapi_platform_error', data: { ok: false, error } });

/** Every code Radar meets: how long Slack's refusal lasts, and a part of the sentence a person reads. */
const EXPECTED: Record<string, [SlackErrorPermanence, string]> = {
  not_in_channel: ['channel', 'Radar is not a member of this channel: invite it with `/invite @Radar`'],
  channel_not_found: ['channel', "Slack won't let Radar post in this channel (channel not found)"],
  is_archived: ['channel', "Slack won't let Radar post in this channel (is archived)"],
  missing_scope: ['channel', 'lacks a Slack permission'],
  restricted_action: ['channel', 'A workspace setting stops Radar posting in this channel'],
  ekm_access_denied: ['channel', 'Enterprise Key Management'],
  invalid_auth: ['channel', "Slack rejected Radar's token (invalid auth); an admin needs to reinstall Radar."],
  not_authed: ['channel', "Slack rejected Radar's token (not authed)"],
  token_revoked: ['channel', "Slack rejected Radar's token (token revoked)"],
  account_inactive: ['channel', "Slack rejected Radar's token (account inactive)"],
  message_not_found: ['message', 'That message is gone'],
  thread_not_found: ['message', 'That thread is gone'],
  cant_update_message: ['message', "Slack won't let Radar change that message"],
  msg_too_long: ['request', 'as too long (msg too long); this has been logged.'],
  invalid_blocks: ['request', '(invalid blocks); this has been logged.'],
  too_many_attachments: ['request', 'attachments'],
  invalid_arguments: ['request', '(invalid arguments); this has been logged.'],
  ratelimited: ['transient', 'Slack is rate limiting Radar right now'],
  rate_limited: ['transient', 'Slack is rate limiting Radar right now'],
};

describe('the Slack error table', () => {
  it('lists exactly the codes Radar meets', () => {
    expect(Object.keys(SLACK_ERRORS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: its permanence, reason and one sentence', (code, [permanence, sentence]) => {
    const error = slackError(code);
    const entry = slackErrorOf(error);
    expect(entry).toMatchObject({ code, permanence });
    expect(entry?.reason).toContain(`(${code})`);
    expect(entry?.sentence).toContain(sentence);
    expect(entry?.sentence).not.toMatch(/\n/);
    expect(describeError(error, { action: 'do it' })).toBe(entry?.sentence);
    // A channel is marked failing only for a channel refusal; a follower stops for a channel or message one.
    expect(channelFailureReason(error)).toBe(permanence === 'channel' ? entry?.reason : null);
    expect(isGoneForRadar(error)).toBe(permanence === 'channel' || permanence === 'message');
    // Radar's own mistakes are unexpected; Slack's known states are not.
    expect(isUnexpected(error)).toBe(permanence === 'request');
  });

  it('reads the code of a platform error and of a call the client refused for a rate limit', () => {
    expect(slackErrorCode(slackError('not_in_channel'))).toBe('not_in_channel');
    expect(slackErrorCode(Object.assign(new Error('rate limited'), { code: 'slack_webapi_rate_limited_error', retryAfter: 30 }))).toBe('ratelimited');
    for (const other of [new Error('x'), null, undefined, 'not_in_channel', { data: null }, { data: { error: 42 } }]) expect(slackErrorCode(other)).toBeNull();
  });

  it('a code not in the table is transient and unexpected, with the generic sentence', () => {
    const error = slackError('internal_error');
    expect(slackErrorOf(error)).toBeNull();
    expect(channelFailureReason(error)).toBeNull();
    expect(isGoneForRadar(error)).toBe(false);
    expect(isUnexpected(error)).toBe(true);
    expect(describeError(error, { action: 'do it' })).toBe('Something went wrong while Radar tried to do it; it has been logged.');
  });
});
