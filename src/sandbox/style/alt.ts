/**
 * The sandbox's second house style (`SANDBOX_STYLE=alt`): the default style's answer, re-dressed with the
 * other choices a service written from the spec alone could make wherever the spec is silent. It is one
 * transformation of the default answer, so both styles carry the same facts:
 *
 * - keys the spec does not name in snake_case (`checkedAt` → `checked_at`); keys it names stay exactly;
 * - a row's competitor or brand nested as `competitor: { id, name, domain, is_own }` instead of flat;
 * - lists the spec does not name under other keys (`competitors` rows → `by_competitor`, `rows` → `entries`…),
 *   and a pricing row's price under another key (`lowestPrice` → `starting_price`);
 * - text fields the default style does not have: a hub diagnosis row's `finding`, a briefing section's `summary`,
 *   a pricing row's `plan_summary`;
 * - on compact AI visibility pages (market map, history rankings) the own and tracked rows listed first and
 *   again at their place, as spec 2.5 allows ("every tracked competitor is on every page"); on a compact AI
 *   sources brand page the own row likewise ("the own row is always on the page").
 *
 * Ticket, scan, fetch-url and docs answers and the error envelope are spec-named throughout and never pass here.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keys the spec names (sections 2 to 4), kept exactly as written there. */
const NAMED = new Set([
  // 2.1 conventions and the error envelope
  'item', 'items', 'pagination', 'page', 'limit', 'total', 'totalPages', 'hasMore', 'error', 'code', 'message', 'status', 'id',
  // 2.3 project list
  'organizationId', 'name', 'domain', 'competitorCount', 'lastMonitoredAt', 'createdAt',
  // 2.2 null contract and 2.5 dimension rules
  'pricingDataAvailable', 'pricingAnalysisAvailable', 'latestCheckDataAvailable', 'aiAccess', 'assistantAccess', 'modelTrainingAccess',
  'measurement', 'rankByPresence', 'answersNaming', 'rank', 'rankChange', 'exists', 'crawlerCatalog', 'truncated',
  'summary', 'customer', 'hasFreePlan', 'hasPriceGap', 'marketAvgPrice', 'pricePositionPercent', 'marketPricingUnit',
  'mentionRate', 'answerCoverage', 'queriesSent', 'providerStatus', 'answers', 'unansweredQueries', 'noAnswerShown',
  'perPrompt', 'totalEntries', 'marketMap', 'brands', 'competitorRankings', 'view', 'readingGuide', 'pages', 'pageUrls', 'offset',
  'checkId', 'promptIndex', 'runId', 'completedAt', 'startedAt', 'updatedAt',
  // content category values (2.5), used as keys of category counts
  'blog', 'docs', 'tools', 'landing', 'caseStudies', 'comparison', 'integrations', 'changelog', 'webinars', 'legal', 'programmatic', 'other',
  // 2.6 briefing
  'meta', 'editionNumber', 'briefingDate', 'progress', 'step', 'coverage', 'contains', 'tickets', 'hub', 'kind', 'blocks', 'type',
  'verdict', 'deepDive', 'note', 'dimension', 'byStatus', 'triage', 'todo', 'in_progress', 'done', 'dismissed', 'opened', 'commented',
  'ticketId', 'commentId', 'body', 'alreadyOnBoard', 'move', 'recheckedUnchanged', 'documentDate', 'headline',
]);

/** Keys the alt style states under another name (lists the spec does not name, and a pricing row's price). */
const RENAMED: Record<string, string> = {
  rows: 'entries',
  strategicUrls: 'strategic_pages',
  techStack: 'technologies',
  valuePropositions: 'value_props',
  perProvider: 'by_model',
  points: 'series',
  crawlers: 'bots',
  providers: 'models',
  aiMonitoringPrompts: 'prompts',
  urls: 'sample_urls',
  why: 'reason_text',
  lowestPrice: 'starting_price',
  timestamp: 'server_time',
};

/** Which kind of answer a route gives, from its pattern: what the alt style may change in it. */
export type AltRouteKind = 'competitor-list' | 'projects' | 'briefing' | 'ai-visibility' | 'ai-sources' | 'pricing' | 'reads';

export function altRouteKind(pattern: string): AltRouteKind | null {
  if (pattern === '/v1/health') return 'projects';
  if (!pattern.startsWith('/v1/projects')) return null;
  if (/\/(tickets|scans)(\/|$)/.test(pattern)) return null;
  if (/\/competitors(\/:competitorId)?$/.test(pattern)) return 'competitor-list';
  if (pattern === '/v1/projects' || pattern === '/v1/projects/:projectId') return 'projects';
  if (pattern.includes('/strategic-briefing')) return 'briefing';
  if (pattern.includes('/ai-visibility')) return 'ai-visibility';
  if (pattern.includes('/ai-sources')) return 'ai-sources';
  if (/\/pricing(\/history\/:runId)?$/.test(pattern)) return 'pricing';
  return 'reads';
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const snake = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();

const isNamed = (key: string, kind: AltRouteKind): boolean =>
  NAMED.has(key) || /Page$/.test(key) || (key === 'isOwn' && kind === 'competitor-list');

/** The alt style's name for a key (value-aware: `competitors` is renamed only where it holds rows). */
function altKey(key: string, value: unknown, kind: AltRouteKind): string {
  if (key === 'competitors' && Array.isArray(value) && value.some(isObject)) return 'by_competitor';
  if (isNamed(key, kind)) return key;
  return RENAMED[key] ?? snake(key);
}

/** A row carrying a competitor's or brand's identity flat: a competitor id, or a domain beside a name or own flag. */
function isIdentityRow(obj: JsonObject): boolean {
  if (typeof obj.competitorId === 'string') return true;
  return typeof obj.domain === 'string' && (typeof obj.name === 'string' || typeof obj.isOwn === 'boolean');
}

/** The identity moved into `competitor: { id, name, domain, is_own }` (only what the row had). */
function nestIdentity(obj: JsonObject): JsonObject {
  const { competitorId, name, domain, isOwn, ...rest } = obj;
  const competitor: JsonObject = {};
  if (competitorId !== undefined) competitor.id = competitorId;
  if (name !== undefined) competitor.name = name;
  if (domain !== undefined) competitor.domain = domain;
  if (isOwn !== undefined) competitor.is_own = isOwn;
  return { competitor, ...rest };
}

/** A reading guide's key is a field path: each of its steps named as the alt style names that field. */
function altPath(path: string, kind: AltRouteKind): string {
  return path
    .split('.')
    .map((step) => {
      const match = /^(.*?)(\[\])?$/.exec(step);
      const field = match?.[1] ?? step;
      const list = match?.[2] ?? '';
      return (field === 'competitors' && list ? 'by_competitor' : altKey(field, null, kind)) + list;
    })
    .join('.');
}

interface Walk {
  kind: AltRouteKind;
  /** Inside raw answers, whose `brands[].domain` the spec names: rows stay flat there. */
  inAnswers: boolean;
  /** The nested identity itself (never nested again). */
  identity?: boolean;
}

function restyleValue(value: Json, walk: Walk): Json {
  if (Array.isArray(value)) return value.map((v) => restyleValue(v, walk));
  if (!isObject(value)) return value;
  const nest = walk.kind !== 'competitor-list' && walk.kind !== 'projects' && !walk.inAnswers && !walk.identity && isIdentityRow(value);
  const source = nest ? nestIdentity(value) : value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(source)) {
    if (key === 'readingGuide' && isObject(inner)) {
      out[key] = Object.fromEntries(Object.entries(inner).map(([path, text]) => [altPath(path, walk.kind), text]));
      continue;
    }
    const child: Walk = { kind: walk.kind, inAnswers: walk.inAnswers || key === 'answers', identity: nest && key === 'competitor' };
    out[altKey(key, inner, walk.kind)] = restyleValue(inner, child);
  }
  return out;
}

/** A hub diagnosis row's finding, and a section's summary: text the default style does not send, from the same facts. */
function addBriefingText(body: JsonObject): void {
  const item = body.item;
  if (!isObject(item)) return;
  const edition = isObject(body.meta) && typeof body.meta.editionNumber === 'number' ? body.meta.editionNumber : null;
  for (const [section, content] of Object.entries(item)) {
    if (!isObject(content)) continue;
    const blocks = Array.isArray(content.blocks) ? content.blocks.filter(isObject) : [];
    const rows = blocks.flatMap((b) => (b.type === 'diagnosis' && Array.isArray(b.rows) ? b.rows.filter(isObject) : []));
    for (const row of rows) {
      const label = typeof row.label === 'string' ? row.label : String(row.dimension ?? 'This dimension');
      const rating = typeof row.status === 'string' ? row.status : 'unrated';
      row.finding = `${label} is rated ${rating} in this edition.`;
    }
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    if (content.summary !== undefined) continue;
    content.summary =
      section === 'hub' && rows.length > 0
        ? `${rows.length} dimensions read${edition === null ? '' : ` in edition ${edition}`}: ${count('strong')} strong, ${count('watch')} to watch, ${count('weak')} weak.`
        : `Section ${section}${edition === null ? '' : ` of edition ${edition}`}.`;
  }
}

/** Own and tracked rows listed first on a compact page, and again at their place (spec 2.5 allows it). */
function repeatTracked(list: Json | undefined): Json | undefined {
  if (!Array.isArray(list)) return list;
  const pinned = list.filter((row) => isObject(row) && (row.isOwn === true || row.tracked === true));
  return [...pinned.map((row) => structuredClone(row)), ...list];
}

function repeatTrackedOnPages(body: JsonObject): void {
  const compact = (holder: JsonObject) => holder.view !== 'full';
  const item = body.item;
  if (isObject(item) && compact(item) && isObject(item.summary)) {
    const map = item.summary.marketMap;
    if (isObject(map) && Array.isArray(map.brands)) map.brands = repeatTracked(map.brands) as Json[];
  }
  if (Array.isArray(body.items)) {
    for (const row of body.items) {
      if (isObject(row) && isObject(row.summary) && Array.isArray(row.summary.competitorRankings)) {
        row.summary.competitorRankings = repeatTracked(row.summary.competitorRankings) as Json[];
      }
    }
  }
}

/** The own row listed first on a compact AI sources brand page, and again at its place (2.5: "the own row is always on the page"). */
function repeatOwnOnSourcesPage(body: JsonObject): void {
  const item = body.item;
  if (!isObject(item) || item.view === 'full' || !isObject(item.summary) || !Array.isArray(item.summary.brands)) return;
  const own = item.summary.brands.filter((row) => isObject(row) && row.isOwn === true);
  item.summary.brands = [...own.map((row) => structuredClone(row)), ...item.summary.brands];
}

/** A pricing row's plans in a sentence (a text field the default style does not send), from the row's own facts. */
function addPlanSummaries(body: JsonObject): void {
  const rows = isObject(body.item) && Array.isArray(body.item.competitors) ? body.item.competitors.filter(isObject) : [];
  for (const row of rows) {
    if (typeof row.lowestPrice !== 'number' || typeof row.currency !== 'string') continue;
    const unit = typeof row.pricingUnit === 'string' ? ` ${row.pricingUnit.replace(/_/g, ' ')}` : '';
    const plans = typeof row.planCount === 'number' ? ` across ${row.planCount} ${row.planCount === 1 ? 'plan' : 'plans'}` : '';
    row.plan_summary = `From ${row.lowestPrice} ${row.currency}${unit}${plans}.`;
  }
}

/** The alt style's answer for a route of this kind, from the default style's answer (which is not changed). */
export function altAnswer(kind: AltRouteKind, body: unknown): unknown {
  if (!isObject(body)) return body;
  const copy = structuredClone(body) as JsonObject;
  if (kind === 'briefing') addBriefingText(copy);
  if (kind === 'ai-visibility') repeatTrackedOnPages(copy);
  if (kind === 'ai-sources') repeatOwnOnSourcesPage(copy);
  if (kind === 'pricing') addPlanSummaries(copy);
  return restyleValue(copy, { kind, inAnswers: false });
}
