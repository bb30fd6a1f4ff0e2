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
    const svc = { SVC_BASE_URL: 'https://svc.example', SVC_API_KEY: 'k' };
    expect(loadConfig({ ...svc, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }).mode).toBe('http');
    expect(loadConfig({ ...svc, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }).mode).toBe('socket');
  });

  it('refuses to serve the demo sandbox to Slack unless SVC_SANDBOX=1 asks for it; the console keeps it', () => {
    for (const slack of [{ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }]) {
      expect(() => loadConfig(slack)).toThrow(/SVC_BASE_URL and SVC_API_KEY must be set when Slack credentials are .*SVC_SANDBOX=1/);
      expect(() => loadConfig({ ...slack, SVC_SANDBOX: '0' })).toThrow(ConfigError);
      expect(loadConfig({ ...slack, SVC_SANDBOX: '1' }).service).toBeNull();
    }
    expect(loadConfig({}).service).toBeNull();
    expect(() => loadConfig({ SVC_SANDBOX: 'yes' })).toThrow(/SVC_SANDBOX/);
  });

  it('runs background work as BullMQ jobs on a redis:// store and in the process otherwise; BACKGROUND_JOBS wins, bullmq needing Redis', () => {
    expect(loadConfig({}).backgroundJobs).toBe('in-process');
    expect(loadConfig({ STORE_URL: 'sqlite://data/r.sqlite' }).backgroundJobs).toBe('in-process');
    expect(loadConfig({ STORE_URL: 'redis://127.0.0.1:6379' }).backgroundJobs).toBe('bullmq');
    expect(loadConfig({ STORE_URL: 'rediss://redis.example:6380' }).backgroundJobs).toBe('bullmq');
    expect(loadConfig({ STORE_URL: 'redis://127.0.0.1:6379', BACKGROUND_JOBS: 'in-process' }).backgroundJobs).toBe('in-process');
    expect(loadConfig({ BACKGROUND_JOBS: 'bullmq', STORE_URL: 'redis://127.0.0.1:6379' }).backgroundJobs).toBe('bullmq');
    expect(() => loadConfig({ BACKGROUND_JOBS: 'bullmq' })).toThrow(/BACKGROUND_JOBS=bullmq needs a redis:\/\/ STORE_URL/);
    expect(() => loadConfig({ BACKGROUND_JOBS: 'queue' })).toThrow(/BACKGROUND_JOBS/);
  });

  it('names the variable in one line when a value is bad or missing', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ SVC_BASE_URL: 'http://svc.example' }, 'SVC_API_KEY'],
      [{ SVC_API_KEY: 'k' }, 'SVC_BASE_URL'],
      [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET'],
      [{ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, 'SVC_BASE_URL'],
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

describe('the edge (HTTP_CONNECTIONS_PER_CLIENT, TRUSTED_PROXIES)', () => {
  it('shares connections by default with no trusted proxy; reads addresses and CIDR ranges, and refuses anything else in one line', () => {
    expect(loadConfig({}).edge).toEqual({ connectionsPerClient: 512, trustedProxies: [] });
    expect(loadConfig({ HTTP_CONNECTIONS_PER_CLIENT: '0', TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,' }).edge).toEqual({
      connectionsPerClient: 0,
      trustedProxies: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8'],
    });
    for (const bad of ['10.0.0.0/33', 'lb.internal', '10.0.0.1/8/2', 'fd00::/129', '10.0.0/8']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(/^TRUSTED_PROXIES must be IP addresses or CIDR ranges/);
    }
    expect(() => loadConfig({ HTTP_CONNECTIONS_PER_CLIENT: '-1' })).toThrow(/HTTP_CONNECTIONS_PER_CLIENT/);
  });
});

describe('tuning (RADAR_TIMING, RADAR_SERVICE_RETRY)', () => {
  it('overrides only the named numbers, and refuses anything else in one line naming the variable', () => {
    expect(loadConfig({}).tuning).toEqual({ timing: {}, serviceRetry: {} });
    expect(loadConfig({ RADAR_TIMING: '{"leaseTtlMs":1000}', RADAR_SERVICE_RETRY: '{"minDelayMs":5}' }).tuning).toEqual({
      timing: { leaseTtlMs: 1000 },
      serviceRetry: { minDelayMs: 5 },
    });
    for (const [name, value] of [
      ['RADAR_TIMING', '{"noSuchKnob":1}'],
      ['RADAR_TIMING', '{"leaseTtlMs":-1}'],
      ['RADAR_TIMING', 'not json'],
      ['RADAR_SERVICE_RETRY', '[1,2]'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name} must be`));
    }
  });
});
