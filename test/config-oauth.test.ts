import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const svc = { SVC_BASE_URL: 'https://svc.example', SVC_API_KEY: 'k' };
const key = randomBytes(32);
const oauth = {
  SLACK_CLIENT_ID: '1234.5678',
  SLACK_CLIENT_SECRET: 'client-secret',
  SLACK_STATE_SECRET: 's'.repeat(32),
  SLACK_SIGNING_SECRET: 'signing',
  RADAR_ENCRYPTION_KEY: key.toString('base64'),
};

describe('loadConfig: installs from a link (issue 32)', () => {
  it('switches OAuth mode on with the client id, secret and state secret beside the signing secret: HTTP mode, no bot token', () => {
    const c = loadConfig({ ...svc, ...oauth });
    expect(c.mode).toBe('http');
    expect(c.oauth).toEqual({ clientId: '1234.5678', clientSecret: 'client-secret', stateSecret: 's'.repeat(32) });
    expect(c.encryption?.current.equals(key)).toBe(true);
    expect(c.encryption?.previous).toBeNull();
    expect(c.slack.botToken).toBeNull();
    for (const secret of ['client-secret', 's'.repeat(32), oauth.RADAR_ENCRYPTION_KEY]) expect(c.secrets).toContain(secret);
    // Hex keys and a previous key while rotating.
    const previous = randomBytes(32);
    const rotating = loadConfig({ ...svc, ...oauth, RADAR_ENCRYPTION_KEY: key.toString('hex'), RADAR_ENCRYPTION_KEY_PREVIOUS: previous.toString('hex') });
    expect(rotating.encryption?.previous?.equals(previous)).toBe(true);
  });

  it('SVC_API_KEY is optional in OAuth mode (each workspace brings its own key); single-workspace mode still needs it', () => {
    const c = loadConfig({ SVC_BASE_URL: 'https://svc.example', ...oauth });
    expect(c.service).toEqual({ baseUrl: 'https://svc.example', apiKey: null });
    expect(loadConfig({ ...svc, ...oauth }).service).toEqual({ baseUrl: 'https://svc.example', apiKey: 'k' });
    expect(() => loadConfig({ SVC_BASE_URL: 'https://svc.example', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' })).toThrow(/SVC_API_KEY must be set together with SVC_BASE_URL/);
    // Neither set: the built-in sandbox, only when asked for, as before.
    expect(() => loadConfig(oauth)).toThrow(/SVC_SANDBOX=1/);
    expect(loadConfig({ ...oauth, SVC_SANDBOX: '1' }).service).toBeNull();
  });

  it('single-workspace mode stays the default: no OAuth without its variables', () => {
    const c = loadConfig({ ...svc, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(c.oauth).toBeNull();
    expect(c.slack.botToken).toBe('xoxb-1');
  });

  it('refuses OAuth with Socket Mode, with a bot token, or with a piece missing, in one sentence naming the variable', () => {
    const refused = (env: Record<string, string>, variable: string, message: RegExp) => {
      let error: unknown;
      try {
        loadConfig({ ...svc, ...env });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as ConfigError).message).toMatch(message);
      expect((error as ConfigError).message.split('\n')).toHaveLength(1);
    };
    refused({ ...oauth, SLACK_APP_TOKEN: 'xapp-1' }, 'SLACK_APP_TOKEN', /work over HTTP only/);
    refused({ ...oauth, SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_BOT_TOKEN', /must be unset for installs from a link/);
    for (const missing of ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET', 'SLACK_SIGNING_SECRET', 'RADAR_ENCRYPTION_KEY'] as const) {
      const env: Record<string, string> = { ...oauth };
      delete env[missing];
      refused(env, missing, /go together/);
    }
    refused({ ...oauth, RADAR_ENCRYPTION_KEY: 'too-short' }, 'RADAR_ENCRYPTION_KEY', /32 random bytes/);
    refused({ ...oauth, SLACK_STATE_SECRET: 'short' }, 'SLACK_STATE_SECRET', /at least 32/);
    refused({ RADAR_ENCRYPTION_KEY_PREVIOUS: key.toString('hex') }, 'RADAR_ENCRYPTION_KEY', /PREVIOUS is/);
  });
});
