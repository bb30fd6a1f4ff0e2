/**
 * One reading per area (issue 27), scans: one scan payload, its result's keys in snake_case and a field the
 * spec does not name (hostile text) added to the result, read once (`src/service/read/scans.ts`) and
 * stated alike by both consumers: the scan follower's message and its thread, and `/radar scan <id>` read
 * afterwards. The same domain, tier and score, category scores, signal counts and unknown field, escaped.
 * (No answer lists scans: the follower's message and `/radar scan <id>` are every consumer.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { startRewritingProxy, type RewritingProxy } from '../../support/rewriting-proxy.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { finished, messageAt, resultReplies, SCAN_TIMING, startScan, textOf } from '../scans/scan-helpers.js';

const HOSTILE = '*bold* <!here> <@U1>';
const RAW_MENTION = /<!here>|<@U1>/;

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), snakeKeys(v)]));
}

/** The lines of a message that state a fact with a number, minus what only one of them says (who started it, how it is followed). */
const figures = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\d/.test(l) && !/started a|Radar|reads it|keeps this scan|Scan id|<!date/.test(l));

describe('scans: the follower\'s message and /radar scan <id> state the same facts', () => {
  let h: RadarHarness | undefined;
  let sandbox: Sandbox | undefined;
  let proxy: RewritingProxy | undefined;
  afterEach(async () => {
    if (h) expectNoViolations(h.slack);
    await h?.stop();
    await proxy?.close();
    await sandbox?.close();
    h = undefined;
    proxy = undefined;
    sandbox = undefined;
  });

  it.each([
    ['trust', 'Trust signals: agree-example.com'],
    ['agents', 'agree-example.com'],
  ])('%s scan', async (kind, title) => {
    sandbox = await startSandbox({ port: 0, speed: 20 });
    // A differently built service: the result's keys in snake_case, and a field the spec does not name.
    proxy = await startRewritingProxy(sandbox.url, {
      reshape: (req, json) => {
        if (!req.url.includes('/scans')) return undefined;
        const item = (json as { item?: Record<string, unknown> }).item;
        if (!item || typeof item.result !== 'object' || item.result === null) return undefined;
        return { item: { ...item, result: { ...(snakeKeys(item.result) as Record<string, unknown>), analyst_note: `Reviewed by hand ${HOSTILE}` } } };
      },
    });
    h = await startRadarHarness({ sandbox: Object.assign(Object.create(sandbox) as Sandbox, { url: proxy.url }), timing: SCAN_TIMING });
    const ts = await startScan(h, `scan ${kind} agree-example.com`);
    const summary = await finished(h, CHANNELS.intel, ts);
    const [thread] = resultReplies(h.slack, CHANNELS.intel, ts);
    expect(thread, summary).toBeDefined();
    const followed = `${summary}\n${textOf(thread!)}`;
    const scanId = String(thread!.metadata?.event_payload?.scan_id ?? '');
    expect(scanId).toMatch(/^scan_/);
    expect(JSON.stringify([messageAt(h.slack, CHANNELS.intel, ts).blocks, thread!.blocks])).not.toMatch(RAW_MENTION);

    const answer = await h.command(`scan ${scanId}`, { channel: CHANNELS.intel });
    expect(JSON.stringify(answer.args.blocks)).not.toMatch(RAW_MENTION);
    const byId = replyText(answer);

    for (const text of [followed, byId]) {
      expect(text).toContain(title);
      // The unknown field, escaped (replyText shows the mrkdwn as sent).
      expect(text).toContain('Reviewed by hand *bold* &lt;!here&gt; &lt;@U1&gt;');
      expect(text).not.toMatch(/analyst_note|category_scores|signals_detected|category_reports/);
    }
    // Every figure the follower stated, `/radar scan <id>` states too (the command shows the details whole).
    const stated = figures(followed);
    expect(stated.length).toBeGreaterThan(3);
    for (const line of stated) expect(byId, line).toContain(line);
  });
});
