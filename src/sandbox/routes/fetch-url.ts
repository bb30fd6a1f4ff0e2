/**
 * `POST /v1/tools/fetch-url` (spec 2.10, 4.7). Never touches the network: a few seeded domains answer
 * with canned pages, a `shielded` host hides its headers (`headersAvailable: false`, `headers: {}`),
 * `blocked.example.com` answers 502 `bot_protection_blocked`, `unreachable.example.com` 503
 * `target_unreachable`, and every other public host 502 `fetch_failed`.
 */
import { isIP } from 'node:net';
import * as z from 'zod';
import { itemOf } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import { NORTHWIND_COMPETITORS } from '../seed/projects.js';
import { invalid } from './params.js';

interface CannedPage {
  html: string;
  headers: Record<string, string>;
}

function page(title: string, headline: string): CannedPage {
  return {
    html: `<!doctype html><html lang="en"><head><title>${title}</title><style>body{font-family:sans-serif}</style><script>window.analytics=[];</script></head><body><!-- hero --><h1>${headline}</h1><p>Trusted by 4,000 teams.</p><a href="/pricing">Pricing</a></body></html>`,
    headers: { 'content-type': 'text/html; charset=utf-8', 'strict-transport-security': 'max-age=31536000', server: 'sandbox' },
  };
}

const CANNED = new Map<string, CannedPage>(NORTHWIND_COMPETITORS.map((c) => [c.domain, page(c.name, `${c.name}: the CRM for growing teams`)]));
CANNED.set('shielded.example.com', page('Shielded', 'Protected by behavioural fingerprinting'));

/** Hosts that answer the two other fetch-url failures of spec 7. */
export const BOT_PROTECTED = 'blocked.example.com';
export const UNREACHABLE = 'unreachable.example.com';

function isPrivateAddress(host: string): boolean {
  const kind = isIP(host);
  if (kind === 4) return /^(10\.|127\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(host);
  if (kind === 6) return /^(::1?$|f[cd]|fe80|::ffff:)/i.test(host);
  return false;
}

function isPublicHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.local') || bare.endsWith('.internal')) return false;
  if (isIP(bare) !== 0) return !isPrivateAddress(bare);
  return bare.includes('.');
}

interface FetchOptions {
  url: URL;
  bodyNeeded: boolean;
  headersNeeded: boolean;
  cleanHtml: boolean;
}

function numberInRange(body: Record<string, unknown>, name: string, min: number, max: number): void {
  const v = body[name];
  if (v === undefined) return;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw invalid(`${name} must be a number from ${min} to ${max}.`);
}

function flag(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw invalid(`${name} must be a boolean.`);
  return v;
}

function parseOptions(raw: unknown): FetchOptions {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid('The body must be a JSON object with a url.');
  const body = raw as Record<string, unknown>;
  if (typeof body.url !== 'string') throw invalid('url is required.');
  let url: URL;
  try {
    url = new URL(body.url);
  } catch {
    throw invalid('url must be an absolute http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('url must use http or https.');
  if (!isPublicHost(url.hostname)) throw invalid('url must resolve to a public host.');
  numberInRange(body, 'maxTimeoutMs', 1000, 120_000);
  numberInRange(body, 'bodyMaxBytes', 1024, 104_857_600);
  const options = { url, bodyNeeded: flag(body, 'bodyNeeded'), headersNeeded: flag(body, 'headersNeeded'), cleanHtml: flag(body, 'cleanHtml') };
  if (options.cleanHtml && !options.bodyNeeded) throw invalid('cleanHtml requires bodyNeeded.');
  return options;
}

function clean(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
}

function cleanStats(original: string, cleaned: string) {
  const originalSize = Buffer.byteLength(original);
  const cleanedSize = Buffer.byteLength(cleaned);
  const kb = (n: number) => Math.round((n / 1024) * 100) / 100;
  return {
    originalSize,
    cleanedSize,
    reductionPercent: Math.round(((originalSize - cleanedSize) / originalSize) * 1000) / 10,
    originalSizeKB: kb(originalSize),
    cleanedSizeKB: kb(cleanedSize),
    savedKB: kb(originalSize - cleanedSize),
  };
}

const fetchUrlBody = z.object({
  url: z.string().meta({ description: 'http or https, resolving to a public host.' }),
  bodyNeeded: z.boolean().optional(),
  headersNeeded: z.boolean().optional(),
  cleanHtml: z.boolean().optional().meta({ description: 'Only for text/html; requires bodyNeeded.' }),
  maxTimeoutMs: z.number().min(1000).max(120_000).optional(),
  bodyMaxBytes: z.number().min(1024).max(104_857_600).optional(),
});

const fetchUrlResult = z.object({
  statusCode: z.number().int(),
  finalUrl: z.string(),
  durationMs: z.number(),
  body: z.string().optional(),
  contentType: z.string().optional(),
  cleanStats: z
    .object({ originalSize: z.number(), cleanedSize: z.number(), reductionPercent: z.number(), originalSizeKB: z.number(), cleanedSizeKB: z.number(), savedKB: z.number() })
    .optional(),
  headersAvailable: z.boolean().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export function fetchUrlRoutes(_state: SandboxState): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/v1/tools/fetch-url',
      scope: 'read',
      rateLimited: true,
      needsPlan: true,
      doc: {
        summary:
          "Fetches a public URL on the service's side. The sandbox serves canned pages for the seeded competitor domains; shielded.example.com hides its response headers (headersAvailable false, headers {}); blocked.example.com answers 502 bot_protection_blocked; unreachable.example.com 503 target_unreachable; any other public host 502 fetch_failed.",
        body: fetchUrlBody,
        response: itemOf(fetchUrlResult),
        errors: [400, 402, 502, 503],
      },
      handler: (ctx) => {
        const opts = parseOptions(ctx.body);
        const host = opts.url.hostname.replace(/^www\./, '');
        if (host === BOT_PROTECTED) throw new SandboxHttpError(502, 'bot_protection_blocked', `${host} blocked the fetch with bot protection.`);
        if (host === UNREACHABLE) throw new SandboxHttpError(503, 'target_unreachable', `${host} is temporarily unreachable; retry shortly.`);
        const canned = CANNED.get(host);
        if (!canned) throw new SandboxHttpError(502, 'fetch_failed', `The sandbox serves no page for ${host}.`);
        const item: Record<string, unknown> = { statusCode: 200, finalUrl: opts.url.toString(), durationMs: 240 };
        if (opts.bodyNeeded) {
          item.body = opts.cleanHtml ? clean(canned.html) : canned.html;
          item.contentType = canned.headers['content-type'];
          if (opts.cleanHtml) item.cleanStats = cleanStats(canned.html, item.body as string);
        }
        if (opts.headersNeeded) {
          const shielded = host.includes('shielded');
          item.headersAvailable = !shielded;
          item.headers = shielded ? {} : canned.headers;
        }
        return { body: { item } };
      },
    },
  ];
}
