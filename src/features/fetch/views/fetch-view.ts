/**
 * `/radar fetch`: the fetch-url result (spec 2.10). Status, final URL, content type, size (and
 * `cleanStats` when the body was cleaned), duration; with `--headers` the response headers, where
 * `headersAvailable: false` reads "the site hides its response headers" (its `headers` is then an
 * empty object, which is not "no headers"). The body goes in a message of its own (`bodyMessage`).
 */
import type { FetchUrlResult } from '../../../service/index.js';
import { isRecord } from '../../../service/tolerant.js';
import { chunkLines, context, durationText, escapeMrkdwn, fields, header, humanise, section, truncate, type Block } from '../../../slack/blocks/index.js';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const num = (obj: Record<string, unknown>, key: string) => (typeof obj[key] === 'number' ? (obj[key] as number) : null);

function sizeText(result: FetchUrlResult): string {
  const stats = isRecord(result.cleanStats) ? result.cleanStats : null;
  if (stats) {
    const original = num(stats, 'originalSize');
    const cleaned = num(stats, 'cleanedSize');
    const reduction = num(stats, 'reductionPercent');
    if (original !== null && cleaned !== null) return `${kb(original)}, cleaned to ${kb(cleaned)}${reduction !== null ? ` (−${escapeMrkdwn(String(reduction))}%)` : ''}`;
  }
  if (typeof result.body === 'string') return kb(Buffer.byteLength(result.body));
  return '_not reported_';
}

function headerLines(result: FetchUrlResult): string[] {
  if (result.headersAvailable === false) return ['*Response headers:* _the site hides its response headers_ (behavioural protection blocks reading them); this is not “no headers”.'];
  if (result.headersAvailable === undefined && result.headers === undefined) return ['*Response headers:* _not reported by the service_'];
  const entries = Object.entries(result.headers ?? {});
  if (entries.length === 0) return ['*Response headers:* the site sent none'];
  return [`*Response headers* (${entries.length})`, ...entries.map(([k, v]) => `\`${escapeMrkdwn(truncate(k, 80))}\`: ${escapeMrkdwn(truncate(typeof v === 'string' ? v : JSON.stringify(v), 300))}`)];
}

export function fetchView(requested: string, result: FetchUrlResult, options: { headers: boolean; body: boolean }): { text: string; blocks: Block[] } {
  const status = result.statusCode;
  const blocks: Block[] = [header(`Fetched ${truncate(requested, 120)}`)];
  blocks.push(
    ...fields([
      `*Status*\n${escapeMrkdwn(String(status))}${status >= 400 ? ' (the site answered with an error)' : ''}`,
      `*Final URL*\n${escapeMrkdwn(truncate(result.finalUrl, 1500))}`,
      `*Content type*\n${result.contentType ? escapeMrkdwn(result.contentType) : '_not reported_'}`,
      `*Size*\n${sizeText(result)}`,
      `*Duration*\n${typeof result.durationMs === 'number' ? durationText(result.durationMs) : escapeMrkdwn(String(result.durationMs))}`,
    ]),
  );
  if (options.headers) for (const chunk of chunkLines(headerLines(result))) blocks.push(section(chunk));
  if (options.body) blocks.push(context(typeof result.body === 'string' ? 'The cleaned page text follows in its own message.' : 'The service sent no body.'));
  return { text: `Fetched ${escapeMrkdwn(truncate(requested, 200))}: HTTP ${status}`, blocks: blocks.slice(0, 49) };
}

/** Sections of the body Radar posts at most; the rest is cut and said so. */
const MAX_BODY_SECTIONS = 5;
const PER_SECTION = 2_900;

/** The cleaned body as code blocks within Slack's limits, cut and said so when longer. */
export function bodyMessage(requested: string, body: string): { text: string; blocks: Block[] } {
  const text = body.replace(/```/g, 'ʼʼʼ');
  const blocks: Block[] = [];
  let rest = text;
  while (rest.length > 0 && blocks.length < MAX_BODY_SECTIONS) {
    // Cut the raw text, then escape: an entity is never split.
    let cut = rest.slice(0, PER_SECTION);
    while (escapeMrkdwn(cut).length > PER_SECTION) cut = cut.slice(0, Math.floor(cut.length * 0.9));
    blocks.push(section(`\`\`\`${escapeMrkdwn(cut)}\`\`\``));
    rest = rest.slice(cut.length);
  }
  if (blocks.length === 0) blocks.push(section('_The body is empty._'));
  const shown = text.length - rest.length;
  if (rest.length > 0) blocks.push(context(`Cut to fit Slack: ${shown.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters shown.`));
  return { text: `Page text of ${escapeMrkdwn(truncate(requested, 200))}`, blocks };
}

/** One sentence per fetch-url failure of spec 7 (400, 402, 502, 503); null for any other. */
export function fetchFailure(code: string, status: number | null, message: string, host: string): string | null {
  const h = `\`${escapeMrkdwn(truncate(host, 80))}\``;
  switch (code) {
    case 'subscription_required':
      return 'Fetching a page needs a plan with the monitoring service, and your organisation has none.';
    case 'bot_protection_blocked':
      return `${h} blocked the service’s fetch with bot protection, so there is no page to show.`;
    case 'fetch_failed':
    case 'bad_gateway':
      return `The service could not fetch ${h} (${escapeMrkdwn(humanise(code))}); the site may be down or refusing the request.`;
    case 'target_unreachable':
      return `${h} is unreachable right now; retry shortly.`;
    default:
      if (status === 400) return `The service refused to fetch that URL: ${escapeMrkdwn(truncate(message, 300))}`;
      return null;
  }
}
