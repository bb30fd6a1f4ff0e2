/**
 * `/radar briefing <dimension>`: an edition's deep-dive section (`sections=deep-<dimension>`, spec
 * 2.6, 4.5). It is asked for only when the hub row for that dimension carries a `deepDive` pointer or
 * `contains` lists the section; otherwise the answer is "no deep dive this edition" with the row's
 * note saying why. The hub comes from the latest done edition (the last done one while a new run is
 * under way or the latest failed); the section from that same edition.
 */
import type { ServiceClient } from '../../service/index.js';
import { readableOr } from '../../service/tolerant.js';
import { escapeMrkdwn, truncate } from '../../slack/blocks/index.js';
import { UsageError } from '../../slack/commands/parse.js';
import { suggest } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';
import type { BriefingFacts, DiagnosisRow, SectionFacts } from '../../service/read/briefing.js';
import { loadBriefing } from './load-briefing.js';

/** The seven dimension keys spec 4.5 names, and the words a person may type for them. */
const WORDS: Readonly<Record<string, string>> = {
  'ai-visibility': 'ai-visibility',
  ai: 'ai-visibility',
  visibility: 'ai-visibility',
  'ai-sources': 'ai-sources',
  sources: 'ai-sources',
  positioning: 'positioning',
  pricing: 'pricing',
  content: 'content',
  'tech-trust': 'tech-trust',
  tech: 'tech-trust',
  'agent-readiness': 'agent-readiness',
  agents: 'agent-readiness',
};

/**
 * The dimension key for a typed word: one of the seven keys spec 4.5 names or a word for it; a word
 * close to one of them (or to `history`) is a usage error with "did you mean"; a key the spec does
 * not name (it has fourteen) is passed through when typed as `deep-<key>`; anything else is a usage
 * error.
 */
export function deepDimensionOf(word: string): string {
  const lower = word.toLowerCase();
  const key = lower.replace(/^deep-/, '');
  const known = WORDS[key];
  if (known) return known;
  const typed = escapeMrkdwn(truncate(word, 40));
  if (lower.startsWith('deep-') && /^[a-z][a-z0-9-]{1,40}$/.test(key)) return key;
  const guess = suggest(key, [...Object.keys(WORDS), 'history']);
  if (guess) throw new UsageError(`Radar doesn't know “${typed}” here. Did you mean \`${COMMAND} briefing ${guess}\`?`);
  throw new UsageError(
    `\`${COMMAND} briefing\` takes nothing or \`history\` (with \`--page N\`), or a dimension for its deep dive (pricing, content, positioning, tech, ai-visibility, ai-sources, agent-readiness, or \`deep-<key>\` for another); “${typed}” is none of them.`,
  );
}

/** The hub's diagnosis row for `dimension` (by its dimension key, its pointer, or its label), from the edition's one reading. */
export function hubRowFor(read: BriefingFacts, dimension: string): DiagnosisRow | null {
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  for (const row of read.hubFacts.rows) {
    const names = [row.dimension, row.deepDive].filter((n): n is string => n !== null).map((n) => n.toLowerCase().replace(/^deep-/, ''));
    const labelHit = row.label !== null && [plain(dimension), plain(dimension.replace('trust', 'andtrust'))].includes(plain(row.label));
    if (names.includes(dimension) || labelHit) return row;
  }
  return null;
}

export type DeepDiveState =
  | { kind: 'no-edition' }
  | { kind: 'none'; edition: BriefingFacts; row: DiagnosisRow | null; held: string[] }
  | { kind: 'section'; edition: BriefingFacts; row: DiagnosisRow | null; section: SectionFacts; found: boolean };

export async function loadDeepDive(service: ServiceClient, projectId: string, dimension: string, includeCharts: boolean): Promise<DeepDiveState> {
  const state = await loadBriefing(service, projectId);
  const edition = state.kind === 'done' ? state.read : state.kind === 'never' ? null : state.lastDone;
  if (edition === null) return { kind: 'no-edition' };
  const row = hubRowFor(edition, dimension);
  const name = `deep-${dimension}`;
  const held = edition.deepDives;
  const pointed = row?.deepDive !== null && row?.deepDive !== undefined && row.deepDive.toLowerCase() === dimension;
  if (!pointed && !held.includes(name)) return { kind: 'none', edition, row, held };

  // includeCharts stays at the service's default (false) unless the person asked with --charts.
  const runId = readableOr(edition.runMeta?.runId, null) ?? null;
  return { kind: 'section', edition, row, ...(await service.deepDiveFacts(projectId, runId, name, { includeCharts })) };
}
