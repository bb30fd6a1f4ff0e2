/** Which hosts Radar's Bolt app may reach (`slackOnlyFetch`): Slack's, over https, and SLACK_API_URL's. */
import { describe, expect, it } from 'vitest';
import { isSlackUrl } from '../../src/slack/respond.js';

describe('isSlackUrl', () => {
  it("takes Slack's hosts over https and the configured API's host, and nothing else", () => {
    const api = 'https://slack.com/api/';
    expect(isSlackUrl('https://hooks.slack.com/commands/T1/1/abc', api)).toBe(true);
    expect(isSlackUrl('https://hooks.slack-gov.com/actions/T1/1/abc', api)).toBe(true);
    expect(isSlackUrl('http://hooks.slack.com/commands/T1/1/abc', api)).toBe(false);
    expect(isSlackUrl('https://hooks.slack.com.evil.example/x', api)).toBe(false);
    expect(isSlackUrl('https://evilslack.com/x', api)).toBe(false);
    expect(isSlackUrl('https://169.254.169.254/latest/meta-data', api)).toBe(false);
    expect(isSlackUrl('not a url', api)).toBe(false);
    expect(isSlackUrl('http://127.0.0.1:4567/response/1', 'http://127.0.0.1:9999/api/')).toBe(true);
    expect(isSlackUrl('http://localhost:4567/response/1', 'http://127.0.0.1:9999/api/')).toBe(false);
  });
});
