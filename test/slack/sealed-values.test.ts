import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.js';
import { decodeSlackEntities, encodeSlackEntities, escapeMrkdwn } from '../../src/slack/blocks/text.js';
import { createSealer, sealKeyFrom, sealerFor } from '../../src/slack/sealed-values.js';

const here = { channel: 'C1', team: 'T1' };

describe('sealed values', () => {
  const seals = createSealer(sealKeyFrom('secret'));

  it('unseals only what it sealed, for the same team and channel', () => {
    const value = seals.seal({ p: 'prj_a', t: 'tkt_1' }, here);
    expect(value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/);
    expect(seals.unseal(value, here)).toEqual({ p: 'prj_a', t: 'tkt_1' });
    expect(seals.unseal(value, { channel: 'C2', team: 'T1' })).toBeNull();
    expect(seals.unseal(value, { channel: 'C1', team: 'T2' })).toBeNull();
    expect(createSealer(sealKeyFrom('other')).unseal(value, here)).toBeNull();
  });

  it('refuses altered, made-up and unsealed values', () => {
    const value = seals.seal({ p: 'prj_a' }, here);
    const [, mac] = value.split('.');
    expect(seals.unseal(`${Buffer.from('{"p":"prj_b"}').toString('base64url')}.${mac}`, here)).toBeNull();
    expect(seals.unseal(`${value.slice(0, -1)}A`, here)).toBeNull();
    expect(seals.unseal('{"p":"prj_a"}', here)).toBeNull();
    expect(seals.unseal('', here)).toBeNull();
    expect(seals.unseal(undefined, here)).toBeNull();
  });

  it('refuses to seal past a limit, and keys console mode at random', () => {
    expect(() => seals.seal({ text: 'x'.repeat(2000) }, here, 2000)).toThrow(/over 2000/);
    const slack = { signingSecret: null, botToken: null };
    const one = sealerFor({ mode: 'console', slack });
    expect(sealerFor({ mode: 'console', slack }).unseal(one.seal(1, here), here)).toBeNull();
    const http = { mode: 'http', slack: { signingSecret: 's', botToken: 'xoxb-1' } };
    expect(sealerFor(http).unseal(sealerFor(http).seal(1, here), here)).toBe(1);
  });
});

describe('text as typed', () => {
  it('decodes Slack’s three entities once; escaping gives them back', () => {
    expect(decodeSlackEntities('&lt;b&gt; &amp; &amp;lt;')).toBe('<b> & &lt;');
    expect(escapeMrkdwn(decodeSlackEntities('&lt;b&gt;'))).toBe('&lt;b&gt;');
    for (const typed of ['<b> & &lt;', 'a && b', '&amp;', 'plain']) expect(decodeSlackEntities(encodeSlackEntities(typed))).toBe(typed);
    expect(encodeSlackEntities('<b> & &lt;')).toBe('&lt;b&gt; &amp; &amp;lt;');
  });
});

describe('access configuration', () => {
  it('reads RADAR_ADMINS and RADAR_PROJECTS_ALLOWED as lists, unset as no restriction', () => {
    expect(loadConfig({}).access).toEqual({ admins: null, projectsAllowed: null });
    expect(loadConfig({ RADAR_ADMINS: ' U1AB, W2CD,', RADAR_PROJECTS_ALLOWED: 'prj_a,prj_b' }).access).toEqual({ admins: ['U1AB', 'W2CD'], projectsAllowed: ['prj_a', 'prj_b'] });
  });

  it('names the variable in one line when a value is not a list of ids', () => {
    expect(() => loadConfig({ RADAR_ADMINS: 'alice, bob' })).toThrow(ConfigError);
    expect(() => loadConfig({ RADAR_ADMINS: 'alice' })).toThrow(/^RADAR_ADMINS must be Slack user ids/);
    expect(() => loadConfig({ RADAR_PROJECTS_ALLOWED: 'a b' })).toThrow(/^RADAR_PROJECTS_ALLOWED must be project ids/);
  });
});
