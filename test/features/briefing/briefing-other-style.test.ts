/**
 * End to end over HTTP (issue 27): a service that answers the briefing in its own house style (rows
 * one level down in the diagnosis block, snake_case keys, the finding under `what_we_found` with no
 * `note`, comments on the board in `tickets.commented`) is read the same by `/radar briefing`,
 * `/radar digest now` and the Home tab: the same headline, every finding, the same ticket counts.
 * The sandbox's answers pass through a proxy that reshapes only the briefing reads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { DIGEST_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { startRewritingProxy, type RewritingProxy } from '../../support/rewriting-proxy.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { homeText } from '../../support/view-checks.js';
import { textOf } from '../scans/scan-helpers.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the reshaped rows say, by label, per edition (`meta.runId`): filled by the proxy. */
const byRun = new Map<string, Map<string, string>>();
let verdict = '';
let total = -1;
let opened = -1;

/** A briefing read in another house style; anything else passes through. */
function reshape(url: string, json: unknown): unknown {
  if (!url.includes('/strategic-briefing') || /\/history(\?|$)/.test(url) || !isJson(json)) return undefined;
  const item = json.item;
  if (!isJson(item) || !isJson(item.hub)) return undefined;
  const runId = String((json.meta as Json).runId);
  const findings = new Map<string, string>();
  byRun.set(runId, findings);
  const blocks = (item.hub.blocks as Json[]).map((block) => {
    if (block.type === 'headline') {
      verdict = String(block.verdict);
      return block;
    }
    if (!Array.isArray(block.rows)) return block;
    const rows = (block.rows as Json[]).map((r) => {
      const text = `We found: ${String(r.note)} <!here>`;
      findings.set(String(r.label), text);
      return { row_label: r.label, row_status: r.status, dimension_key: r.dimension, deep_dive: r.deepDive, what_we_found: text };
    });
    return { type: 'diagnosis', content: { rows } };
  });
  const tickets = isJson(json.tickets) ? json.tickets : null;
  if (tickets) {
    total = Number(tickets.total);
    opened = (tickets.opened as unknown[]).length;
  }
  return {
    ...json,
    item: { ...item, hub: { ...item.hub, blocks } },
    ...(tickets ? { tickets: { ...tickets, commented: [{ ticketId: 'tkt_x', commentId: 'cmt_x', kind: 'recheck', body: 'Still undercut by Pipedrift' }] } } : {}),
  };
}

describe('a briefing in another house style, end to end', () => {
  let sandbox: Sandbox;
  let proxy: RewritingProxy;
  let h: RadarHarness;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    proxy = await startRewritingProxy(sandbox.url, { reshape: (req, json) => reshape(req.url, json) });
    h = await startRadarHarness({ sandbox: Object.assign(Object.create(sandbox) as Sandbox, { url: proxy.url }) });
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await h?.stop();
    await proxy?.close();
    await sandbox?.close();
  });

  it('/radar briefing, the digest and Home state the same headline, findings and counts', async () => {
    const briefing = replyText(await h.command('briefing', { channel: CHANNELS.intel }));
    await h.command('digest now', { channel: CHANNELS.intel });
    const digests = h.slack.messagesIn(CHANNELS.intel).filter((m) => m.metadata?.event_type === DIGEST_IDS.eventType);
    expect(digests.length).toBeGreaterThan(0);
    const digest = textOf(digests.at(-1)!);
    const ack = await h.driver.event({ type: 'app_home_opened', user: USERS.maya, channel: `D0${USERS.maya.slice(1)}`, tab: 'home' });
    const home = homeText((await h.slack.waitForCall('views.publish', (c) => c.args.user_id === USERS.maya && c.at >= ack.sentAt)).args.view as object);

    // Every consumer read the same edition (the last done one), in the other style.
    expect(byRun.size).toBe(1);
    const findings = [...byRun.values()][0]!;
    expect(findings.size).toBeGreaterThan(1);
    for (const [who, text] of Object.entries({ briefing, digest, home })) {
      expect(text, `${who}: headline`).toContain(verdict);
      for (const [label, finding] of findings) {
        expect(text, `${who}: ${label}`).toContain(label);
        expect(text, `${who}: finding of ${label}`).toContain(finding.replace(' <!here>', ''));
        expect(text, `${who}: no row is untitled`).not.toContain('Untitled row');
      }
      expect(text, `${who}: counts`).toContain(`${total} ticket${total === 1 ? '' : 's'} in all · opened ${opened} · commented 1`);
    }
    expect(briefing).toContain('Still undercut by Pipedrift');
    // The hostile part of each finding reached Slack escaped, never as a mention.
    for (const text of [briefing, digest]) {
      expect(text).toContain('&lt;!here&gt;');
      expect(text).not.toContain('<!here>');
    }
    // The keys Radar matched by looking are not shown again as extras.
    expect(briefing).not.toContain('Row label');
  });
});
