import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CALLBACK_IDS, COMMAND, SHORTCUT_CALLBACK_IDS } from '../../src/slack/ids.js';

const shared = (path: string) => new URL(`../fixtures/slack/manifest-schema/${path}`, import.meta.url);
const readJson = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
const SUB_SCHEMA_BASE = 'https://raw.githubusercontent.com/slackapi/manifest-schema/v0.5.0/schemas/';

interface Manifest {
  features: {
    slash_commands: { command: string; should_escape?: boolean }[];
    shortcuts: { type: string; callback_id: string }[];
    app_home?: Record<string, boolean>;
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { event_subscriptions?: { request_url?: string; bot_events?: string[] }; interactivity: { is_enabled: boolean; request_url?: string; message_menu_options_url?: string }; socket_mode_enabled?: boolean };
}

const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;

function manifestValidator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const file of ['manifest.schema.1.0.0.json', 'manifest.schema.2.0.0.json']) {
    ajv.addSchema(readJson(shared(`schemas/${file}`)), `${SUB_SCHEMA_BASE}${file}`);
  }
  return ajv.compile(readJson(shared('manifest.schema.json')));
}

describe('manifest.yml', () => {
  const validate = manifestValidator();

  it("validates against Slack's manifest schema", () => {
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema is not a rubber stamp: a shortcut without a callback id fails it', () => {
    const broken = structuredClone(manifest) as unknown as { features: { shortcuts: Record<string, unknown>[] } };
    delete broken.features.shortcuts[0]?.callback_id;
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.some((e) => e.message?.includes('callback_id'))).toBe(true);
  });

  it('declares exactly the command and shortcut callback ids of src/slack/ids.ts', () => {
    expect(manifest.features.slash_commands.map((c) => c.command)).toEqual([COMMAND]);
    const shortcuts = manifest.features.shortcuts.filter((s) => s.type === 'message').map((s) => s.callback_id);
    expect(shortcuts.sort()).toEqual([...SHORTCUT_CALLBACK_IDS].sort());
    expect(SHORTCUT_CALLBACK_IDS.every((id) => (Object.values(CALLBACK_IDS) as string[]).includes(id))).toBe(true);
  });

  it('turns on interactivity and socket mode, leaves slash command text unescaped', () => {
    expect(manifest.settings.interactivity).toEqual({
      is_enabled: true,
      request_url: 'https://radar.example.com/slack/events',
      message_menu_options_url: 'https://radar.example.com/slack/events',
    });
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.features.slash_commands[0]?.should_escape).toBe(false);
  });

  it('asks for the smallest bot scope set', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(['channels:history', 'channels:read', 'chat:write', 'commands', 'groups:history', 'groups:read', 'im:history', 'im:write', 'users:read']);
  });

  it('enables the Home tab, a read-only Messages tab (direct messages of follows), and subscribes to app_home_opened, thread messages (sync) and uninstalls on the Bolt endpoint', () => {
    expect(manifest.features.app_home).toEqual({ home_tab_enabled: true, messages_tab_enabled: true, messages_tab_read_only_enabled: true });
    expect(manifest.settings.event_subscriptions).toEqual({
      request_url: 'https://radar.example.com/slack/events',
      bot_events: ['app_home_opened', 'message.channels', 'message.groups', 'app_uninstalled', 'tokens_revoked'],
    });
  });

  it('sends installs from a link back to Radar\'s redirect path, and each bot scope has a comment saying why (issue 32)', async () => {
    const { REDIRECT_PATH } = await import('../../src/slack/oauth.js');
    expect((manifest.oauth_config as { redirect_urls?: string[] }).redirect_urls).toEqual([`https://radar.example.com${REDIRECT_PATH}`]);
    const text = readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8');
    const lines = text.split('\n');
    const start = lines.findIndex((l) => l.trim() === 'bot:');
    for (let i = start + 1; i < lines.length && /^\s+(#|- )/.test(lines[i] ?? ''); i++) {
      // A scope line follows a comment, or another scope the same comment covers.
      if (/^\s+- /.test(lines[i] ?? '')) expect(/^\s+(#|- )/.test(lines[i - 1] ?? '') && i - 1 > start).toBe(true);
    }
  });

  it('holds the scopes the message events need (channels:history for message.channels, groups:history for message.groups)', () => {
    const events = manifest.settings.event_subscriptions?.bot_events ?? [];
    const needs: Record<string, string> = { 'message.channels': 'channels:history', 'message.groups': 'groups:history' };
    for (const event of events.filter((e) => e in needs)) expect(manifest.oauth_config.scopes.bot).toContain(needs[event]);
  });
});
