/** Which hosts Radar's Bolt app may reach (`slackOnlyFetch`): Slack's, over https, and SLACK_API_URL's; never through a redirect. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log.js';
import { isSlackUrl, slackOnlyFetch } from '../../src/slack/respond.js';

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

describe('slackOnlyFetch', () => {
  const quiet = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet } as unknown as Logger;

  it("asks fetch never to follow a redirect, whatever the caller asked (Bolt's respond asks nothing)", async () => {
    const asked: (RequestInit | undefined)[] = [];
    const fetchFn = (async (_input: unknown, init?: RequestInit) => {
      asked.push(init);
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const slackFetch = slackOnlyFetch('https://slack.com/api/', quiet, fetchFn);
    await slackFetch('https://hooks.slack.com/commands/T1/1/abc', { method: 'POST', body: '{}' });
    await slackFetch('https://hooks.slack.com/commands/T1/1/abc', { method: 'POST', body: '{}', redirect: 'follow' });
    await slackFetch('https://hooks.slack.com/commands/T1/1/abc', { method: 'POST', body: '{}', redirect: 'error' });
    expect(asked.map((init) => init?.redirect)).toEqual(['manual', 'manual', 'error']);
    expect(asked[0]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it("never follows a response_url's redirect to another host", async () => {
    let elsewhere = 0;
    const other = createServer((req, res) => {
      elsewhere++;
      req.resume();
      res.end('ok');
    });
    const slack = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `http://localhost:${(other.address() as AddressInfo).port}/collect` });
      res.end();
    });
    await Promise.all([other, slack].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    try {
      const api = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/api/`;
      const slackFetch = slackOnlyFetch(api, quiet);
      const answered = await slackFetch(`http://127.0.0.1:${(slack.address() as AddressInfo).port}/response/1`, { method: 'POST', body: '{"text":"hi"}' });
      await answered.body?.cancel();
      // Bolt's respond rejects an answer that is not 2xx: the redirect is a failed answer, not followed.
      expect(answered.ok).toBe(false);
      expect(elsewhere).toBe(0);
    } finally {
      await Promise.all([other, slack].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    }
  });
});
