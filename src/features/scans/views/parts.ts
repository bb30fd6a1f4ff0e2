/** Pieces every scan view shares: who started which scan of what, value display, line packing. */
import { context, durationText, escapeMrkdwn, LIMITS, section, type Block } from '../../../slack/blocks/index.js';
import type { ExtraList } from '../../../service/read/scans.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import type { PendingScanKind } from '../../../store/pending-scans.js';
import { SCAN_KIND_LABELS } from '../scan-target.js';

/** Which scan a view is about. `scanId` is null until the service has accepted the scan. */
export interface ScanSubject {
  kind: PendingScanKind;
  domain: string;
  /** Slack user id of whoever started it; null for a scan read by its id (`/radar scan <id>`), whose starter Radar does not know. */
  startedBy: string | null;
  scanId: string | null;
}

/** "<@U…> started a trust-signals scan of *example.com*" */
export function scanIntro(subject: ScanSubject): string {
  const label = SCAN_KIND_LABELS[subject.kind];
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  if (subject.startedBy === null) return `${article.charAt(0).toUpperCase()}${article.slice(1)} ${label} of *${escapeMrkdwn(subject.domain)}*`;
  return `<@${subject.startedBy}> started ${article} ${label} of *${escapeMrkdwn(subject.domain)}*`;
}

/** The plain fallback title: "Trust-signals scan of example.com". */
export function scanTitle(subject: Pick<ScanSubject, 'kind' | 'domain'>): string {
  const label = SCAN_KIND_LABELS[subject.kind];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} of ${subject.domain}`;
}

/** The context line naming the scan id, so anyone can quote it to support. */
export function scanIdContext(subject: ScanSubject, extra?: string): Block[] {
  if (subject.scanId === null) return extra ? [context(extra)] : [];
  return [context(`Scan id \`${escapeMrkdwn(subject.scanId)}\`${extra ? ` · ${extra}` : ''}`)];
}

/**
 * A value whose shape the spec leaves open, as escaped mrkdwn. The reader (src/service/read/scans.ts)
 * has already turned an object into its text; any other value is said as itself.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return 'not given';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return escapeMrkdwn(String(value));
  return escapeMrkdwn(JSON.stringify(value));
}

/** Words people write in capitals or with a space: compliance names, acronyms, brand names. */
const WORD_FORMS: Readonly<Record<string, string>> = {
  gdpr: 'GDPR',
  hipaa: 'HIPAA',
  ccpa: 'CCPA',
  pci: 'PCI',
  dss: 'DSS',
  pcidss: 'PCI DSS',
  sso: 'SSO',
  saml: 'SAML',
  mfa: 'MFA',
  '2fa': '2FA',
  sla: 'SLA',
  ssl: 'SSL',
  tls: 'TLS',
  csa: 'CSA',
  fedramp: 'FedRAMP',
  ai: 'AI',
  api: 'API',
  apis: 'APIs',
  url: 'URL',
  faq: 'FAQ',
  g2: 'G2',
  llms: 'LLMs',
  mcp: 'MCP',
  a2a: 'A2A',
  oauth: 'OAuth',
  openapi: 'OpenAPI',
  html: 'HTML',
  http: 'HTTP',
  dns: 'DNS',
  cta: 'CTA',
  trustpilot: 'Trustpilot',
  capterra: 'Capterra',
  gartner: 'Gartner',
  forrester: 'Forrester',
  linkedin: 'LinkedIn',
};

/** One lower-case word as people write it: `soc2` -> `SOC 2`, `iso27001` -> `ISO 27001`, `gdpr` -> `GDPR`. */
function wordForm(word: string): string {
  const known = WORD_FORMS[word];
  if (known) return known;
  const numbered = /^(soc|iso|nist|pci)(\d[\d.]*)$/.exec(word);
  if (numbered) return `${(numbered[1] ?? '').toUpperCase()} ${numbered[2] ?? ''}`;
  return word;
}

/**
 * A code as words people write: `contentReadability` -> `Content readability`, `soc2_badge` ->
 * `SOC 2 badge`, `gdpr_statement` -> `GDPR statement`. `lower` leaves the first word lower-case
 * (for a name inside a sentence); acronyms keep their capitals either way. Escaped.
 */
export function label(code: string, lower = false): string {
  const words = code
    .replace(/[_-]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
    .split(/\s+/)
    .map(wordForm)
    .join(' ');
  const first = words.charAt(0);
  return escapeMrkdwn(lower ? words : `${first.toUpperCase()}${words.slice(1)}`);
}

/**
 * Packs lines (already escaped mrkdwn) into as few sections as fit Slack's section text limit,
 * so a long list costs a handful of blocks rather than one per item.
 */
export function packLines(lines: readonly string[], separator = '\n'): Block[] {
  const blocks: Block[] = [];
  let current = '';
  for (const line of lines) {
    const next = current === '' ? line : `${current}${separator}${line}`;
    if (next.length <= LIMITS.sectionText) {
      current = next;
      continue;
    }
    if (current !== '') blocks.push(section(current));
    current = line;
  }
  if (current !== '') blocks.push(section(current));
  return blocks;
}

/** "12 s", "3 min 5 s", "1 h 2 min": the one duration format (src/slack/blocks/duration.ts). */
export function formatElapsed(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return seconds < 60 ? `${seconds} s` : durationText(seconds * 1000);
}

/** An item's unknown fields, each on its own indented line after it ('' when there are none). */
export function itemExtras(list: ExtraList): string {
  return extraLines(list.extras, list.more)
    .map((l) => `\n   ${l}`)
    .join('');
}

/** The fields the service sent that Radar does not name, as sections (none when there are none). */
export function extrasBlocks(...lists: ExtraList[]): Block[] {
  const lines = lists.flatMap((l) => extraLines(l.extras, l.more));
  return lines.length === 0 ? [] : packLines(lines);
}
