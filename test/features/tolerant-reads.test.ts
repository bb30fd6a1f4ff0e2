/**
 * Reads that never break on the unknown: for every read Radar renders, the sandbox's answer with a
 * key the spec does not name and place removed, renamed in case, or moved one level up or down (or
 * an unknown key added anywhere) still parses through the real client over HTTP and renders every
 * named field as it did, and never as a whole-answer failure. A removed named field makes only its
 * own part say it could not be read (or, for a metric, "not reported").
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefingView } from '../../src/features/briefing/views/briefing-view.js';
import { historyView } from '../../src/features/briefing/views/history-view.js';
import { digestMessages } from '../../src/features/digest/views/digest-view.js';
import { pricingView } from '../support/raw-views.js';
import { agentsDetailsView, agentsSummaryView } from '../../src/features/scans/views/agents-view.js';
import type { ScanSubject } from '../../src/features/scans/views/parts.js';
import { trustDetailsView, trustSummaryView } from '../../src/features/scans/views/trust-view.js';
import { ticketListView } from '../../src/features/tickets/views/ticket-list-view.js';
import { ticketView } from '../../src/features/tickets/views/ticket-view.js';
import { SANDBOX_KEYS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { agentAdoptionResult } from '../../src/sandbox/routes/scans/agent-result.js';
import { trustSignalsResult } from '../../src/sandbox/routes/scans/trust-result.js';
import { SEED } from '../../src/sandbox/seed.js';
import { createServiceClient, type ServiceClient } from '../../src/service/index.js';
import { agentsResultFacts, trustResultFacts } from '../../src/service/read/scans.js';
import { isUnreadable } from '../../src/service/tolerant.js';
import { LIMITS, type Block } from '../../src/slack/blocks/index.js';
import { replyText } from '../support/radar-harness.js';
import { keyPaths, matches, namedPerturbation, perturbation, under, type Path, type Perturbation } from '../service/perturb.js';
import { startScriptedServer, type Reply, type ScriptedServer } from '../service/scripted-server.js';

/** Runs per property; `TOLERANT_RUNS=1000` searches harder. */
const RUNS = Number(process.env.TOLERANT_RUNS ?? 60);
const WHOLE_FAILURE = /sent an answer Radar couldn't read/;

let sandbox: Sandbox;
let server: ScriptedServer;
let client: ServiceClient;
/** What the scripted server answers, by path suffix. */
let replies: { match: RegExp; reply: Reply }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ speed: 1000 });
  server = await startScriptedServer((req) => replies.find((r) => r.match.test(req.url))?.reply ?? { status: 500, json: {} });
  client = createServiceClient({ baseUrl: server.url, apiKey: 'svc_test', retry: false });
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await sandbox?.close();
});

/** The sandbox's raw answer to a GET. */
async function sandboxAnswer(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandbox.url}${path}`, { headers: { 'svc-api-key': SANDBOX_KEYS.readWrite } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

function serve(...answers: [RegExp, unknown][]): void {
  replies = answers.map(([match, json]) => ({ match, reply: { status: 200, json } }));
}

function textOf(view: { text: string; blocks: Block[] }): string {
  expect(view.blocks.length).toBeLessThanOrEqual(LIMITS.blocksPerMessage);
  for (const b of view.blocks) {
    const text = (b as { text?: { text?: string } }).text?.text;
    if (typeof text === 'string') expect(text.length).toBeLessThanOrEqual(LIMITS.sectionText);
  }
  const text = replyText({ args: { text: view.text, blocks: view.blocks } });
  expect(text).not.toMatch(WHOLE_FAILURE);
  return text;
}

/** Paths in `answer` whose last key is one of `names`. */
function pathsNamed(answer: unknown, ...names: string[]): Path[] {
  return keyPaths(answer).filter((p) => names.includes(String(p.at(-1))));
}

/** True when `p` removed one of `fields`, something holding it, or a part of it. */
function removed(p: Perturbation, fields: Path[]): boolean {
  return p.kind === 'remove' && fields.some((f) => under(f, p.path) || under(p.path, f));
}

/** True when `p` removed one of `fields` whole (itself or something holding it). */
function removedWhole(p: Perturbation, fields: Path[]): boolean {
  return p.kind === 'remove' && fields.some((f) => under(f, p.path));
}

const first = (text: string, re: RegExp) => re.exec(text)?.[0];

async function check<T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<void>): Promise<void> {
  await fc.assert(fc.asyncProperty(arb, run), { numRuns: RUNS });
}

describe('pricing', () => {
  const projects = ['northwind', 'lumen', 'quarry'] as const;

  it.each(projects)('%s: every named field survives any unstated key removed, recased or moved', async (key) => {
    const id = SEED.projects[key].id;
    const answer = (await sandboxAnswer(`/v1/projects/${id}/pricing`)).item as Record<string, unknown>;
    serve([/\/pricing$/, { item: answer }]);
    const baseline = textOf(pricingView(key, await client.getPricing(id)));
    const rowFacts = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('• *'))
        .map((l) => /(from .*? · plans .*? · free plan (?:yes|no|_not checked_|_not reported_))|(no pricing data \(.*\))$/.exec(l)?.[0]);
    const baseRows = rowFacts(baseline);
    const analysis = pathsNamed(answer, 'pricingAnalysisAvailable');

    // Only `summary` and `summary.customer` are named and placed by the spec.
    const perturbable = (p: Path) => !matches(p, 'summary') && !matches(p, 'summary.customer');
    await check(perturbation(answer, perturbable), async (p) => {
      serve([/\/pricing$/, { item: p.body }]);
      const text = textOf(pricingView(key, await client.getPricing(id)));
      const why = `${p.describe}\n${text}`;

      const priceGap = first(text, /\*Price gap:\*[^\n]*/);
      if (removed(p, pathsNamed(answer, 'hasPriceGap'))) expect(text, why).toMatch(/\*Price gap:\* _couldn't read|Gap flags: Radar couldn't read/);
      else if (!removed(p, analysis)) expect(priceGap, why).toBe(first(baseline, /\*Price gap:\*[^\n]*/));

      const market = (t: string) => first(t, /\*Market average\*\n[^\n]*/);
      if (removed(p, pathsNamed(answer, 'marketAvgPrice'))) expect(market(text), why).toMatch(/_couldn't read/);
      else if (removed(p, pathsNamed(answer, 'marketPricingUnit'))) expect(text, why).toMatch(/(Market pricing unit: Radar couldn't read|_not measured_)/);
      else expect(market(text), why).toBe(market(baseline));

      const position = (t: string) => first(t, /\*Price position\*\n[^\n]*/);
      if (removed(p, pathsNamed(answer, 'pricePositionPercent'))) expect(position(text), why).toMatch(/_couldn't read/);
      // The sandbox's `comparablePriceCount` (not named by the spec) only adds "(N comparable prices)"; without it the rest stays.
      else if (removed(p, pathsNamed(answer, 'comparablePriceCount'))) expect(position(text), why).toBe(position(baseline)?.replace(/ \(\d+ comparable prices?\)/, ''));
      else if (!removed(p, [...analysis, ...pathsNamed(answer, 'marketPricingUnit')])) expect(position(text), why).toBe(position(baseline));

      const freePlan = (t: string) => first(t, /\*Free plan:\* [^·\n]*/)?.trim();
      if (removed(p, [['summary', 'customer', 'hasFreePlan']])) expect(freePlan(text), why).toContain('_not reported_');
      else expect(freePlan(text), why).toBe(freePlan(baseline));
      if (!removed(p, analysis)) expect(first(text, /\*Your pricing\*[^\n]*/), why).toBe(first(baseline, /\*Your pricing\*[^\n]*/));

      const rowsList = pathsNamed(answer, 'competitors');
      if (removedWhole(p, rowsList)) {
        expect(text, why).toContain("Competitors: Radar couldn't read");
        return;
      }
      const rows = rowFacts(text);
      expect(rows.length, why).toBe(baseRows.length);
      baseRows.forEach((facts, i) => {
        const touched = p.kind === 'remove' && under(p.path, ['competitors', i]);
        if (!touched) expect(rows[i], why).toBe(facts);
      });
    });
  });

  it('rows may omit their metrics: omitted is "not reported", null "not measured", both distinct from a value', async () => {
    serve([
      /\/pricing$/,
      {
        item: {
          summary: { customer: { hasFreePlan: false }, gaps: { hasPriceGap: false }, marketAvgPrice: null, marketPricingUnit: null, pricePositionPercent: null },
          competitors: [
            { domain: 'omits.example' },
            { domain: 'nulls.example', lowestPrice: null, planCount: null, hasFreePlan: null },
            { domain: 'zero.example', lowestPrice: 0, currency: 'USD', planCount: 0, hasFreePlan: false },
          ],
        },
      },
    ]);
    const view = pricingView('P', await client.getPricing('prj_1'));
    // The competitors are a table: Competitor, Lowest price, Plans, Free plan.
    const table = view.blocks.find((b) => b.type === 'table') as { rows: { text: string }[][] } | undefined;
    const row = (name: string) => table?.rows.map((r) => r.map((c) => c.text)).find((r) => r[0] === name);
    expect(row('omits.example')).toEqual(['omits.example', 'not reported', 'not reported', 'not reported']);
    expect(row('nulls.example')).toEqual(['nulls.example', 'not measured', 'not measured', 'not checked']);
    expect(row('zero.example')).toEqual(['zero.example', '$0', '0', 'no']);
  });

  it('gap flags directly on the summary, or under another of its objects, are read', async () => {
    const summary = { customer: { hasFreePlan: true, flags: { hasFreePlanGap: false } }, hasPriceGap: true, marketAvgPrice: 10, marketPricingUnit: 'per_seat_month', pricePositionPercent: 5 };
    serve([/\/pricing$/, { item: { summary, competitors: [] } }]);
    const text = textOf(pricingView('P', await client.getPricing('prj_1')));
    expect(text).toContain('*Price gap:* :large_orange_diamond: gap');
    expect(text).toContain('*Free plan gap:* no gap');
  });

  it('nothing but summary.customer: every other part says it could not be read, in one line each', async () => {
    serve([/\/pricing$/, { item: { summary: { customer: {} } } }]);
    const text = textOf(pricingView('P', await client.getPricing('prj_1')));
    expect(text).toContain("Gap flags: Radar couldn't read this part of the service's answer.");
    expect(text).toContain("Competitors: Radar couldn't read this part of the service's answer.");
    expect(text).toMatch(/\*Market average\*\n_couldn't read/);
    expect(text).toContain('*Free plan:* _not reported_');
  });
});

describe('briefing', () => {
  it('the edition and its digest: diagnosis rows are found wherever their unstated keys go', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/strategic-briefing`);
    expect((answer.meta as { status: string }).status).toBe('done');
    const render = async () => {
      const read = await client.briefingFacts(id);
      const edition = textOf(briefingView('Northwind', { kind: 'done', read }, new Date('2026-01-01T00:00:00Z')));
      const digest = digestMessages({ projectId: id, projectName: 'Northwind', read, opened: [] });
      const digestText = [digest.main, ...digest.thread].map(textOf).join('\n');
      return { edition, digestText };
    };
    serve([/strategic-briefing/, answer]);
    const base = await render();
    const rowLines = (t: string) => t.split('\n').filter((l) => l.startsWith('• *'));
    expect(rowLines(base.digestText).length).toBeGreaterThan(0);

    // Named and placed: meta, item.hub (kind, blocks, each block's type, the headline's verdict), coverage, contains, tickets.
    const perturbable = (p: Path) => p.length >= 5 && under(p, ['item', 'hub', 'blocks']) && !matches(p, 'item.hub.blocks.*.type') && !matches(p, 'item.hub.blocks.*.verdict');
    await check(perturbation(answer, perturbable), async (p) => {
      serve([/strategic-briefing/, p.body]);
      const { edition, digestText } = await render();
      const why = `${p.describe}\n${digestText}`;
      if (removedWhole(p, pathsNamed(answer, 'rows'))) {
        expect(digestText, why).toContain("Diagnosis: Radar couldn't read");
        expect(edition, why).toContain("Diagnosis: Radar couldn't read");
        return;
      }
      // The edition shows the same diagnosis rows as its digest (one rendering, shared).
      expect(rowLines(edition), why).toEqual(rowLines(digestText));
      const rows = rowLines(digestText);
      rowLines(base.digestText).forEach((line, i) => {
        const touched = p.kind === 'remove' && p.path.length > 5 && p.path[5] === i;
        if (!touched) expect(rows[i], why).toBe(line);
        else if (['note', 'deepDive'].includes(String(p.path.at(-1)))) expect(rows[i], why).not.toBe(line);
      });
    });
  });

  it('history: an unknown key anywhere changes nothing shown', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/strategic-briefing/history?page=1&limit=10`);
    serve([/history/, answer]);
    const base = textOf(historyView('Northwind', await client.getBriefingHistory(id, { page: 1, limit: 10 })));
    // Every history field is named and placed (spec 2.6, 2.1): only unknown keys can arrive.
    await check(perturbation(answer, () => false), async (p) => {
      serve([/history/, p.body]);
      expect(textOf(historyView('Northwind', await client.getBriefingHistory(id, { page: 1, limit: 10 }))), p.describe).toBe(base);
    });
  });
});

describe('scans', () => {
  /** The text without the extra lines for keys the perturbation injected (`x_…`, shown as "*X …:*"). */
  const withoutExtras = (text: string) => text.split('\n').filter((l) => !/^\s*(?:[^*\n]* · )?\*X [a-z]+:\*/.test(l)).join('\n');
  const subject = (kind: ScanSubject['kind'], domain: string): ScanSubject => ({ kind, domain, startedBy: 'U1', scanId: 'scn_1' });
  const envelope = (result: unknown) => ({
    item: { id: 'scn_1', status: 'completed', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-02T00:00:00Z', startedAt: '2026-01-01T00:00:01Z', completedAt: '2026-01-01T00:00:05Z', result },
  });

  it('trust signals: the suspicious-pattern element (shape not shown) read in any case or level; the rest as before', async () => {
    const domain = 'shielded-1.example';
    const answer = envelope(trustSignalsResult(domain, '2026-01-01T00:00:05Z', 4000));
    const render = async () => {
      const scan = await client.getTrustSignalsScan('scn_1');
      if (!scan.result || isUnreadable(scan.result)) throw new Error('no result');
      return [trustSummaryView(subject('trust', domain), trustResultFacts(scan.result)), trustDetailsView(subject('trust', domain), trustResultFacts(scan.result))].map(textOf).join('\n');
    };
    serve([/scans/, answer]);
    const base = await render();
    expect(base).toContain('A SOC 2 badge with no security page to back it.');
    const perturbable = (p: Path) => p.length >= 5 && matches(p.slice(0, 4), 'item.result.suspiciousPatterns.*');
    await check(perturbation(answer, perturbable), async (p) => {
      serve([/scans/, p.body]);
      const text = withoutExtras(await render());
      if (p.kind === 'remove') {
        const strip = (t: string) => t.split('\n').filter((l) => !/^• (A SOC 2|Unverified|unverified|\{)/.test(l)).join('\n');
        expect(strip(text), p.describe).toBe(strip(base));
      } else expect(text, p.describe).toBe(base);
    });
  });

  it('agent adoption: an unknown key anywhere changes nothing shown', async () => {
    const domain = 'pipedrift.com';
    const answer = envelope(agentAdoptionResult(domain, '2026-01-01T00:00:05Z', 42_000, { debugMode: false, includeFixPrompts: true }));
    const render = async () => {
      const scan = await client.getAgentAdoptionScan('scn_1');
      if (!scan.result || isUnreadable(scan.result)) throw new Error('no result');
      return [agentsSummaryView(subject('agents', domain), agentsResultFacts(scan.result)), agentsDetailsView(subject('agents', domain), agentsResultFacts(scan.result), true)].map(textOf).join('\n');
    };
    serve([/scans/, answer]);
    const base = await render();
    // Every agent-adoption field Radar shows is named and placed (spec 2.9); an unknown key on the
    // result or its meta is said as one extra line (issue 27), and changes nothing else.
    await check(perturbation(answer, () => false), async (p) => {
      serve([/scans/, p.body]);
      const text = await render();
      expect(withoutExtras(text), p.describe).toBe(base);
      if (p.kind === 'inject' && ['item.result', 'item.result.meta'].includes(p.path.join('.'))) expect(text, p.describe).toMatch(/^\*X [a-z]+:\*/m);
    });
  });
});

describe('tickets', () => {
  it('the list: an unknown key anywhere changes nothing shown; the count is `total`', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/tickets`);
    const render = async () => textOf(ticketListView({ projectName: 'Northwind', list: await client.ticketListFacts(id), filters: [], closed: 'recent' }));
    serve([/tickets/, answer]);
    const base = await render();
    expect(base).toContain(`${String(answer.total)} ticket`);
    await check(perturbation(answer, () => false), async (p) => {
      serve([/tickets/, p.body]);
      expect(await render(), p.describe).toBe(base);
    });
  });

  it('one ticket with its comments: an unknown key anywhere changes nothing shown', async () => {
    const id = SEED.projects.northwind.id;
    const list = (await sandboxAnswer(`/v1/projects/${id}/tickets`)).items as { id: string; commentCount: number }[];
    const withComments = list.find((t) => t.commentCount > 0);
    if (!withComments) throw new Error('the sandbox seeds a ticket with comments');
    const ticket = await sandboxAnswer(`/v1/projects/${id}/tickets/${withComments.id}`);
    const comments = await sandboxAnswer(`/v1/projects/${id}/tickets/${withComments.id}/comments`);
    const render = async () => {
      const [t, c] = await Promise.all([client.ticketFacts(id, withComments.id), client.listComments(id, withComments.id)]);
      return textOf(ticketView({ projectId: id, projectName: 'Northwind', ticket: t, comments: c }));
    };
    serve([/comments$/, comments], [/tickets\/[^/]+$/, ticket]);
    const base = await render();
    await check(fc.tuple(perturbation(ticket, () => false), perturbation(comments, () => false)), async ([pt, pc]) => {
      serve([/comments$/, pc.body], [/tickets\/[^/]+$/, pt.body]);
      expect(await render(), `${pt.describe}; ${pc.describe}`).toBe(base);
    });
  });
});

/**
 * Spec-NAMED fields that are not essential, removed or mistyped one at a time: the read still
 * renders, the perturbed part says it could not be read, every other facet renders as before, and the
 * whole-answer failure sentence never appears.
 */
describe('named fields removed or mistyped, one at a time', () => {
  const COULDNT = /couldn't read/;

  /** The text of each `fields` entry of a view, by its bold label (`*Column*` → `Column`). */
  function fieldTexts(view: { blocks: Block[] }): Map<string, string> {
    const out = new Map<string, string>();
    for (const b of view.blocks as { fields?: { text: string }[] }[]) {
      for (const f of b.fields ?? []) {
        const name = /^\*([^*]+)\*/.exec(f.text)?.[1];
        if (name) out.set(name, f.text);
      }
    }
    return out;
  }

  /** Every facet not in `affected` is as in `base`. */
  function sameFacets(base: Map<string, string>, now: Map<string, string>, affected: readonly string[], why: string): void {
    for (const [name, text] of base) if (!affected.includes(name)) expect(now.get(name), `${why}\n(facet ${name})`).toBe(text);
  }

  it('one ticket and its comments', async () => {
    const id = SEED.projects.northwind.id;
    const list = (await sandboxAnswer(`/v1/projects/${id}/tickets`)).items as { id: string; commentCount: number }[];
    const withComments = list.find((t) => t.commentCount > 1);
    if (!withComments) throw new Error('the sandbox seeds a ticket with comments');
    const ticket = await sandboxAnswer(`/v1/projects/${id}/tickets/${withComments.id}`);
    const comments = await sandboxAnswer(`/v1/projects/${id}/tickets/${withComments.id}/comments`);
    const render = async () => {
      const [t, c] = await Promise.all([client.ticketFacts(id, withComments.id), client.listComments(id, withComments.id)]);
      return ticketView({ projectId: id, projectName: 'Northwind', ticket: t, comments: c });
    };
    serve([/comments$/, comments], [/tickets\/[^/]+$/, ticket]);
    const baseView = await render();
    const base = fieldTexts(baseView);
    const baseText = textOf(baseView);
    const item = ticket.item as Record<string, unknown>;
    const isBriefing = item.briefing !== null;
    // Named, shown, and not needed to show anything else: id and number stay required (spec 2.7).
    const facetOf: Record<string, string[]> = {
      title: [], status: ['Column'], assignee: ['Assignee'], impact: ['Impact'], effort: ['Effort'], dueDate: ['Due'], labels: ['Labels'],
      description: [], commentCount: [], briefing: ['Origin'], ...(isBriefing ? {} : { origin: ['Origin'], author: ['Origin'] }),
    };
    await check(namedPerturbation(ticket, Object.keys(facetOf).map((k) => ['item', k])), async (p) => {
      serve([/comments$/, comments], [/tickets\/[^/]+$/, p.body]);
      const view = await render();
      const text = textOf(view);
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      sameFacets(base, fieldTexts(view), facetOf[String(p.path[1])] ?? [], why);
    });

    // The comments shown (the latest three): a named field of one of them, or the entry itself.
    const items = comments.items as unknown[];
    const shownPaths = items.slice(-3).flatMap((_, j) => ['author', 'createdAt', 'body', 'id'].map((k) => ['items', items.length - 3 + j, k]));
    await check(namedPerturbation(comments, shownPaths.filter((path) => Number(path[1]) >= 0)), async (p) => {
      serve([/comments$/, p.body], [/tickets\/[^/]+$/, ticket]);
      const view = await render();
      const text = textOf(view);
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      sameFacets(base, fieldTexts(view), [], why);
      expect(text.split('\n')[0], why).toBe(baseText.split('\n')[0]);
    });
  });

  it('the ticket list: a ticket missing a named field shows that part; one missing its id or number is one line; the count is `total`', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/tickets`);
    const render = async () => textOf(ticketListView({ projectName: 'Northwind', list: await client.ticketListFacts(id), filters: [], closed: 'recent' }));
    serve([/tickets/, answer]);
    const base = await render();
    const rows = (t: string) => t.split('\n').filter((l) => /^\*#\d+\*/.test(l));
    const items = answer.items as unknown[];
    const named = ['title', 'impact', 'effort', 'assignee', 'dueDate', 'labels', 'status', 'id', 'number'];
    const paths = items.slice(0, 6).flatMap((_, i) => named.map((k) => ['items', i, k]));
    await check(namedPerturbation(answer, paths), async (p) => {
      serve([/tickets/, p.body]);
      const text = await render();
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      expect(text, why).toContain(`${String(answer.total)} ticket`);
      const number = (items[Number(p.path[1])] as { number: number }).number;
      const others = (t: string) => rows(t).filter((l) => !l.startsWith(`*#${number}*`)).sort();
      expect(others(text), why).toEqual(others(base));
      if (['id', 'number'].includes(String(p.path[2]))) expect(text, why).toMatch(/One ticket Radar couldn't read/);
    });
  });

  it('briefing history rows', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/strategic-briefing/history?page=1&limit=10`);
    const render = async () => textOf(historyView('Northwind', await client.getBriefingHistory(id, { page: 1, limit: 10 })));
    serve([/history/, answer]);
    const base = await render();
    const rowLines = (t: string) => t.split('\n').filter((l) => /^:[a-z_]+: \*/.test(l));
    const items = answer.items as { briefingDate: string | null }[];
    const paths = items.flatMap((row, i) => [
      ['items', i, 'editionNumber'],
      ['items', i, 'headline'],
      ['items', i, 'runId'],
      ['items', i, 'status'],
      ...(row.briefingDate === null ? [['items', i, 'documentDate']] : []),
    ]);
    await check(namedPerturbation(answer, paths), async (p) => {
      serve([/history/, p.body]);
      const text = await render();
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      const i = Number(p.path[1]);
      const now = rowLines(text);
      for (const line of rowLines(base).filter((_, j) => j !== i)) expect(now, why).toContain(line);
      expect(first(text, /Page \d+ of .*/), why).toBe(first(base, /Page \d+ of .*/));
    });
  });

  it('a done briefing: meta, item, coverage, contains and tickets parts', async () => {
    const id = SEED.projects.northwind.id;
    const answer = await sandboxAnswer(`/v1/projects/${id}/strategic-briefing`);
    const render = async () => briefingView('Northwind', { kind: 'done', read: await client.briefingFacts(id) }, new Date('2026-01-01T00:00:00Z'));
    serve([/strategic-briefing/, answer]);
    const baseView = await render();
    const base = fieldTexts(baseView);
    const facetOf: Record<string, string[]> = {
      'meta.editionNumber': ['title'], 'meta.briefingDate': ['title'], item: ['verdict'], 'item.hub.kind': ['verdict'],
      coverage: ['Coverage caveats'], 'coverage.items': ['Coverage caveats'], contains: ['Deep dives'], tickets: ['On the board'],
      'tickets.opened': ['On the board'], 'tickets.alreadyOnBoard': ['On the board'], 'tickets.recheckedUnchanged': ['On the board'],
      'tickets.byStatus': ['On the board'], 'tickets.byStatus.todo': ['On the board'],
    };
    const title = (t: string) => t.split('\n')[0];
    await check(namedPerturbation(answer, Object.keys(facetOf).map((k) => k.split('.'))), async (p) => {
      serve([/strategic-briefing/, p.body]);
      const view = await render();
      const text = textOf(view);
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      const affected = facetOf[p.path.join('.')] ?? [];
      sameFacets(base, fieldTexts(view), affected, why);
      if (!affected.includes('title')) expect(title(text), why).toBe(title(textOf(baseView)));
    });
  });

  const subject = (kind: ScanSubject['kind'], domain: string): ScanSubject => ({ kind, domain, startedBy: 'U1', scanId: 'scn_1' });
  const envelope = (result: unknown) => ({
    item: { id: 'scn_1', status: 'completed', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-02T00:00:00Z', startedAt: '2026-01-01T00:00:01Z', completedAt: '2026-01-01T00:00:05Z', result },
  });

  it('a trust-signals result: each named part', async () => {
    const domain = 'northwindcrm.com';
    const answer = envelope(trustSignalsResult(domain, '2026-01-01T00:00:05Z', 4000));
    const render = async () => {
      const scan = await client.getTrustSignalsScan('scn_1');
      if (!scan.result || isUnreadable(scan.result)) throw new Error('no result');
      return [trustSummaryView(subject('trust', domain), trustResultFacts(scan.result)), trustDetailsView(subject('trust', domain), trustResultFacts(scan.result))].map(textOf).join('\n');
    };
    serve([/scans/, answer]);
    const base = await render();
    const named = ['verdict', 'categoryScores', 'categoryScores.socialProof', 'signalsDetected', 'signalsDetected.0.signal', 'suspiciousPatterns', 'gapsVsBenchmark', 'gapsVsBenchmark.0.signal', 'meta', 'meta.signalsEvaluated', 'finalUrl', 'fetchedAt'];
    const paths = named.map((k) => ['item', 'result', ...k.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))]).filter((path) => keyPaths(answer).some((q) => q.join('.') === path.join('.')));
    await check(namedPerturbation(answer, paths), async (p) => {
      serve([/scans/, p.body]);
      const text = await render();
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      expect(text, why).toContain(`Trust signals: ${domain}`);
      // Parts the perturbation did not touch read as before.
      const touched = String(p.path[2]);
      if (touched !== 'gapsVsBenchmark') expect(first(text, /\*Top gaps vs the benchmark:\*[^\n]*/), why).toBe(first(base, /\*Top gaps vs the benchmark:\*[^\n]*/));
      if (touched !== 'suspiciousPatterns') expect(first(text, /\*Suspicious patterns:\*[^\n]*/), why).toBe(first(base, /\*Suspicious patterns:\*[^\n]*/));
      if (touched !== 'verdict') expect(first(text, /\*Tier:\*[^\n]*/), why).toBe(first(base, /\*Tier:\*[^\n]*/));
    });
  });

  it('an agent-adoption result: each named part', async () => {
    const domain = 'pipedrift.com';
    const answer = envelope(agentAdoptionResult(domain, '2026-01-01T00:00:05Z', 42_000, { debugMode: false, includeFixPrompts: true }));
    const render = async () => {
      const scan = await client.getAgentAdoptionScan('scn_1');
      if (!scan.result || isUnreadable(scan.result)) throw new Error('no result');
      return [agentsSummaryView(subject('agents', domain), agentsResultFacts(scan.result)), agentsDetailsView(subject('agents', domain), agentsResultFacts(scan.result), true)].map(textOf).join('\n');
    };
    serve([/scans/, answer]);
    const base = await render();
    const named = ['score', 'categoryReports', 'categoryReports.0.checks.0.id', 'categoryReports.1.score', 'clusters', 'clusters.0.kind', 'meta', 'scanner', 'finalUrl'];
    const paths = named.map((k) => ['item', 'result', ...k.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))]);
    await check(namedPerturbation(answer, paths), async (p) => {
      serve([/scans/, p.body]);
      const text = await render();
      const why = `${p.describe}\n${text}`;
      expect(text, why).toMatch(COULDNT);
      expect(text, why).toContain(`Agent adoption: ${domain}`);
      const touched = String(p.path[2]);
      if (touched !== 'clusters') expect(first(text, /\*Clusters triggered:\*[^\n]*/), why).toBe(first(base, /\*Clusters triggered:\*[^\n]*/));
      if (touched !== 'score') expect(first(text, /\*Score:\*[^\n]*/), why).toBe(first(base, /\*Score:\*[^\n]*/));
    });
  });
});
