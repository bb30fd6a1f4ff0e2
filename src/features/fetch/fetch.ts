import type { Subcommand } from '../../plugin.js';
import { isServiceError } from '../../service/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { UserError } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import { admitScan } from '../fair-use/scan-limits.js';
import { validateFetchUrl } from './validate-url.js';
import { bodyMessage, fetchFailure, fetchView } from './views/fetch-view.js';

/** The largest body Radar asks for (spec 4.7 allows up to 100 MiB; Slack shows a few thousand characters). */
export const FETCH_BODY_MAX_BYTES = 5 * 1024 * 1024;

export const fetchCommand: Subcommand = {
  name: 'fetch',
  usage: 'fetch <url> [--headers] [--body]',
  summary: 'Fetches a public page through the service: status, final URL, type, size, time; its headers and cleaned text on request.',
  area: 'tools',
  example: `${COMMAND} fetch https://pipedrift.com/pricing --headers`,
  flags: { switches: ['headers', 'body'] },
  async run(inv) {
    const [typed, ...extra] = inv.parsed.args;
    if (typed === undefined || extra.length > 0) throw new UsageError(`\`${COMMAND} fetch\` takes one URL, e.g. \`${COMMAND} fetch https://example.com/pricing --headers\`.`);
    const wantHeaders = inv.parsed.switches.has('headers');
    const wantBody = inv.parsed.switches.has('body');
    // Validation first: nothing is sent, nothing is counted, for a URL Radar would not fetch.
    const url = validateFetchUrl(typed);

    // A fetch counts against the same per-person and per-channel limits as a scan start.
    let admission;
    try {
      admission = await admitScan(inv.deps, { teamId: inv.teamId, userId: inv.userId, channelId: inv.channelId });
    } catch (error) {
      if (error instanceof UserError) throw new UserError(`A fetch counts like a scan start. ${error.message}`);
      throw error;
    }
    let result;
    try {
      result = await inv.deps.service.fetchUrl({
        url: url.toString(),
        bodyNeeded: true,
        headersNeeded: wantHeaders,
        ...(wantBody ? { cleanHtml: true } : {}),
        bodyMaxBytes: FETCH_BODY_MAX_BYTES,
      });
    } catch (error) {
      const sentence = isServiceError(error) ? fetchFailure(error.code, error.status, error.message, url.hostname) : null;
      if (sentence) throw new UserError(sentence);
      throw error;
    } finally {
      await admission.release().catch(() => undefined);
    }

    const view = fetchView(url.toString(), result, { headers: wantHeaders, body: wantBody });
    const body = wantBody && typeof result.body === 'string' ? bodyMessage(url.toString(), result.body) : null;
    if (body && inv.share) {
      // Shared: the summary in the channel, the page text in its thread.
      const posted = await inv.client.chat.postMessage({ channel: inv.channelId, text: view.text, blocks: view.blocks });
      await inv.client.chat.postMessage({ channel: inv.channelId, ...(posted.ts ? { thread_ts: posted.ts } : {}), text: body.text, blocks: body.blocks });
      return;
    }
    await inv.reply({ ...view, shareable: true });
    if (body) await inv.reply(body);
  },
};
