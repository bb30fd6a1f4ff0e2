import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { replyText } from '../../support/radar-harness.js';
import { startRadarListeners, type RadarListeners } from '../../support/radar-listeners.js';

describe('/radar bind, unbind, status, projects', () => {
  let h: RadarListeners;
  beforeAll(async () => {
    h = await startRadarListeners();
  });
  afterAll(() => h?.stop());

  it('lists the projects with competitor counts and relative and absolute monitoring times', async () => {
    const reply = await h.command('projects', { channel: CHANNELS.general });
    const text = replyText(reply);
    expect(reply.args.response_type).toBe('ephemeral');
    expect(text).toContain('Northwind CRM');
    expect(text).toContain('6 competitors');
    expect(text).toMatch(/last monitored \d+ days? ago \((<!date\^\d+\^[^|>]+\|[^>]+>|(\w{3} \d{1,2}, \d{4}|today|yesterday|tomorrow) \d{2}:\d{2})\)/);
    expect(text).toMatch(/Sprout HR[\s\S]*last monitored never|last monitored never[\s\S]*Sprout/);
  });

  it('binds by domain, name or id, case-insensitively, and status shows the binding', async () => {
    for (const query of ['NorthwindCRM.com', 'northwind crm', 'prj_northwind', 'https://www.northwindcrm.com/pricing']) {
      const reply = await h.command(`bind ${query}`, { channel: CHANNELS.intel, user: USERS.alice });
      expect(replyText(reply)).toContain('now bound to *Northwind CRM*');
    }
    const bound = (await h.deps.bindings.listAll()).find((b) => b.channelId === CHANNELS.intel);
    const stored = bound && { ...bound, ...(await h.deps.digestSettings.get(bound.teamId, bound.channelId)) };
    expect(stored).toMatchObject({ projectId: 'prj_northwind', boundBy: USERS.alice, digestsEnabled: true });
    expect(stored?.lastSeenRunId).toMatch(/^run_/);
    const status = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(status).toContain('bound to *Northwind CRM*');
    expect(status).toContain('Briefing digests:* on');
    expect(status).toContain('reachable');
    expect(status).toContain('read and write');
  });

  it('lists the candidates when a name matches several projects, and the projects when none matches', async () => {
    const none = replyText(await h.command('bind nothing-like-this', { channel: CHANNELS.general }));
    expect(none).toContain('No project matches');
    expect(none).toContain('Northwind CRM');
    expect(none).toContain('Lumen Docs');
    const many = replyText(await h.command('bind .com', { channel: CHANNELS.general }));
    expect(many).toContain('matches several projects');
  });

  it('tells an unbound channel how to bind, and --project works anywhere', async () => {
    const unbound = replyText(await h.command('briefing', { channel: CHANNELS.general }));
    expect(unbound).toContain("isn't bound to a project");
    expect(unbound).toContain('/radar bind');
    const oneOff = replyText(await h.command('briefing --project quarry', { channel: CHANNELS.general }));
    expect(oneOff).toContain('Quarry Pay');
  });

  it('unbinds', async () => {
    await h.command('bind lumen', { channel: CHANNELS.private });
    expect(replyText(await h.command('unbind', { channel: CHANNELS.private }))).toContain('no longer bound to *Lumen Docs*');
    expect(replyText(await h.command('unbind', { channel: CHANNELS.private }))).toContain('nothing to unbind');
  });
});
