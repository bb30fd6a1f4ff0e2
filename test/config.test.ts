import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to console mode with the built-in sandbox and a SQLite store', () => {
    const c = loadConfig({});
    expect(c.mode).toBe('console');
    expect(c.service).toBeNull();
    expect(c.storeUrl).toBe('sqlite://data/radar.sqlite');
    expect(c.port).toBe(3000);
    expect(c.slack.apiUrl).toBe('https://slack.com/api/');
    expect(c.digestIntervalSeconds).toBe(600);
  });

  it('chooses HTTP mode with a bot token and signing secret, Socket Mode with an app token', () => {
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }).mode).toBe('http');
    expect(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }).mode).toBe('socket');
  });

  it('names the variable in one line when a value is bad or missing', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ SVC_BASE_URL: 'http://svc.example' }, 'SVC_API_KEY'],
      [{ SVC_API_KEY: 'k' }, 'SVC_BASE_URL'],
      [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET'],
      [{ SLACK_SIGNING_SECRET: 's' }, 'SLACK_BOT_TOKEN'],
      [{ SLACK_BOT_TOKEN: 'nope' }, 'SLACK_BOT_TOKEN'],
      [{ STORE_URL: 'mysql://x' }, 'STORE_URL'],
      [{ DIGEST_INTERVAL_SECONDS: '0' }, 'DIGEST_INTERVAL_SECONDS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    ];
    for (const [env, variable] of cases) {
      let caught: unknown;
      try {
        loadConfig(env);
      } catch (e) {
        caught = e;
      }
      expect(caught, variable).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).variable).toBe(variable);
      expect((caught as ConfigError).message).toContain(variable);
      expect((caught as ConfigError).message).not.toContain('\n');
    }
  });

  it('collects every secret for redaction, and never puts one in an error message', () => {
    const c = loadConfig({ SVC_BASE_URL: 'http://svc', SVC_API_KEY: 'svc_live_secret', SLACK_BOT_TOKEN: 'xoxb-tok', SLACK_SIGNING_SECRET: 'sig' });
    expect(c.secrets).toEqual(['svc_live_secret', 'xoxb-tok', 'sig']);
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'not-a-bot-token' })).toThrow(ConfigError);
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'not-a-bot-token' })).not.toThrow(/not-a-bot-token/);
  });
});
