/**
 * Fair use of one API key: 500 concurrent ticket-picker options requests on one view: every ack
 * within Slack's 3 s, and how many service calls they became. (One person's flood of commands is
 * the flood measure's, `flood.ts`.)
 */
import { ACTION_IDS, CALLBACK_IDS } from '../src/slack/ids.js';
import type { Ack, SlackDriver, ViewRef } from '../test/support/slack-driver.js';
import { CHANNELS, USERS } from '../test/support/slack-fixtures.js';
import { spawnRadar, type SpawnedApp } from './spawn-app.js';
import type { Measure, TargetCheck } from './support.js';
import { max, percentile, round, waitUntil } from './support.js';
import type { Services } from './world.js';
import { BOT_TOKEN, driverFor, errorLines, startServices } from './world.js';

const OPTIONS_REQUESTS = 500;
/** Queries typed in the one view (a person typing and pausing); the rest repeat them. */
const QUERIES = ['pricing', 'seo', 'annual', 'discount', '#1'];
const SLACK_ACK_LIMIT_MS = 3_000;
async function postMessage(services: Services, channel: string, text: string): Promise<string> {
  const res = await fetch(`${services.slack.url}chat.postMessage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BOT_TOKEN}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel, text }),
  });
  const body = (await res.json()) as { ok: boolean; ts?: string; error?: string };
  if (!body.ok || !body.ts) throw new Error(`could not post the bench message: ${body.error}`);
  return body.ts;
}

/** Opens the "add to a ticket" modal on a message; resolves with the view holding the picker. */
async function openPicker(services: Services, driver: SlackDriver): Promise<ViewRef> {
  const text = 'Pipedrift cut its starter plan to $9';
  const ts = await postMessage(services, CHANNELS.intel, text);
  const before = services.calls.count('views.open');
  const ack = await driver.messageShortcut(CALLBACK_IDS.commentFromMessage, { channel: CHANNELS.intel, message: { ts, text, user: USERS.carol } });
  if (ack.status !== 200) throw new Error(`the comment shortcut was acked with HTTP ${ack.status}`);
  await waitUntil(() => services.calls.count('views.open') > before, 'the comment modal');
  const view = services.slack.latestView();
  if (!view) throw new Error('no view was opened');
  return view as unknown as ViewRef;
}

const statsOf = (ms: readonly number[]) => ({ p50: percentile(ms, 50), p90: percentile(ms, 90), p99: percentile(ms, 99), max: max(ms) });

export const fairUse: Measure = {
  id: 'fair-use',
  title: '7. Fair use of one key: a burst of picker options',
  async run() {
    // The sandbox's default per-key limit (120 a minute on tool and ticket endpoints), as in production.
    const services = await startServices({ speed: 1 });
    let radar: SpawnedApp | undefined;
    try {
      radar = await spawnRadar(services);
      const driver = driverFor(radar.url, services.slack);
      const bound = await driver.command('bind northwind', { channel: CHANNELS.intel });
      if (bound.status !== 200) throw new Error(`/radar bind was acked with HTTP ${bound.status}`);
      await waitUntil(() => services.calls.count('response_url') >= 1, 'the bind answer');

      // 1. 500 options requests on one view at once (spacing keeps each signed body distinct; the query is trimmed).
      const view = await openPicker(services, driver);
      const ticketCalls = () => services.sandbox.control.requests().filter((r) => /\/tickets(\/|$)/.test(r.path)).length;
      const rateLimited = () => services.sandbox.control.requests().filter((r) => r.status === 429).length;
      const callsBefore = ticketCalls();
      const limitedBefore = rateLimited();
      const typed = (i: number) => `${' '.repeat(Math.floor(i / QUERIES.length) % 40)}${QUERIES[i % QUERIES.length]}${' '.repeat(Math.floor(i / (QUERIES.length * 40)))}`;
      const optionAcks: Ack[] = await Promise.all(Array.from({ length: OPTIONS_REQUESTS }, (_, i) => driver.options(ACTION_IDS.ticketPicker, typed(i), { view })));
      const optionMs = optionAcks.map((a) => a.ms);
      const withOptions = optionAcks.filter((a) => a.status === 200 && Array.isArray((a.body as { options?: unknown }).options)).length;
      const optionCalls = ticketCalls() - callsBefore;
      const option429s = rateLimited() - limitedBefore;
      const options = statsOf(optionMs);

      const targets: TargetCheck[] = [
        {
          target: `${OPTIONS_REQUESTS} concurrent options requests: every ack 200 with options, under ${SLACK_ACK_LIMIT_MS} ms`,
          met: withOptions === OPTIONS_REQUESTS && options.max !== null && options.max < SLACK_ACK_LIMIT_MS,
          detail: `${withOptions} of ${OPTIONS_REQUESTS} answered with options; slowest ${round(options.max)} ms`,
        },
        {
          target: 'a burst of options requests is not a burst of service calls (at most one per distinct query)',
          met: optionCalls <= QUERIES.length,
          detail: `${optionCalls} ticket calls for ${QUERIES.length} distinct queries; ${option429s} answered 429`,
        },
      ];
      const errors = errorLines(radar.stderr().split('\n'));
      return {
        method:
          `Radar (dist/main.js, HTTP mode) as its own process; the sandbox at speed 1 with its default per-key limit (120 a minute on tool and ticket endpoints). ` +
          `${OPTIONS_REQUESTS} signed block_suggestion requests at once on one "add to a ticket" modal, cycling over ${QUERIES.length} queries; ack time measured by the sender; ` +
          `service calls from the sandbox request log.`,
        metrics: [
          { name: 'options ack p50', value: round(options.p50), unit: 'ms' },
          { name: 'options ack p99', value: round(options.p99), unit: 'ms' },
          { name: 'options ack max', value: round(options.max), unit: 'ms', baseline: { label: 'Slack’s limit', value: SLACK_ACK_LIMIT_MS } },
          { name: 'options answered with options', value: withOptions, unit: `of ${OPTIONS_REQUESTS}` },
          { name: 'ticket calls the burst became', value: optionCalls, unit: 'requests', baseline: { label: 'distinct queries', value: QUERIES.length } },
          { name: 'service 429s during the burst', value: option429s, unit: 'responses' },
        ],
        targets,
        notes: errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : [],
      };
    } finally {
      await radar?.stop();
      await services.stop();
    }
  },
};
