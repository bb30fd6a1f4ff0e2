/**
 * The facts each read command states about the sandbox's seed (project Northwind CRM), whatever house style
 * the service answers in. The end-to-end style tests (reads.test.ts) run each command against the sandbox in
 * every style and check them.
 */
import { SEED } from '../../src/sandbox/seed.js';

const NW_RUNS = SEED.projects.northwind.runIds;

export interface ReadFacts {
  /** The `/radar` text, run with `--project northwind`. */
  command: string;
  /** Substrings the answer states in every style (names, prices, presence numbers, counts). */
  facts: string[];
  /** Substrings stated exactly once (a row shown twice is a fact stated twice: spec 2.5 de-duplicates by domain). */
  once?: string[];
  /** Text the alt style sends and the default does not (nothing the service sends is silently dropped). */
  altOnly?: string[];
  /** Tokens the answer may show although they look like a key (the run id the command names). */
  allow?: string[];
}

const DOMAINS = ['northwindcrm.com', 'pipedrift.com', 'hubforge.io', 'closewise.com', 'salesloom.com', 'dealstream.io', 'relatekit.com'];

export const READ_FACTS: ReadFacts[] = [
  {
    command: 'briefing',
    facts: [
      'Edition 3',
      'Competitors are out-publishing you; your price advantage holds.',
      'AI visibility', 'Named in fewer answers than Pipedrift and HubForge.',
      'Pricing', 'Priced 26% under the market average per seat (4 comparable prices).',
      'Content', 'HubForge added 60 programmatic landing pages.',
      'Positioning', 'messaging unchanged since the last edition.',
      'Tech and trust', 'HubForge shields its headers, so the comparison is partial.',
      '`/radar briefing ai-visibility`', '`/radar briefing pricing`', '`/radar briefing content`',
      '4 tickets in all', 'opened 3', 'already on board 1', 'rechecked unchanged 1',
      'two competitors had no readable pricing page',
      '#37 Publish comparison pages against Pipedrift and HubForge', 'unsized',
    ],
    once: ['Named in fewer answers than Pipedrift and HubForge.'],
    altOnly: ['AI visibility is rated watch in this edition.', 'Tech and trust is rated watch in this edition.', '5 dimensions read in edition 3: 2 strong, 2 to watch, 1 weak.'],
  },
  {
    command: 'pricing',
    facts: [...DOMAINS, '$29', '$24', '$45', '$39', '$49', '$39.25', '26.1%', '4 comparable prices', 'free plan at hubforge.io', 'no pricing page found', 'pricing page not responding'],
    // The competitors are a table (issue 29): a row is its name cell then its price cell; the chart's labels and figures name them too.
    once: ['pipedrift.com\n$24 per seat a month', 'dealstream.io\nno pricing data'],
  },
  {
    command: 'ai',
    facts: [
      '48/100', '50% of answers counted', '#1 by presence', '#13 by presence', '15 brands', 'not named in any answer',
      'Northwind CRM', 'OpenDeal', 'Quotaly', 'TallyForce', 'Brightdesk', 'Closewise', 'Crmly', 'FunnelBee', 'HubForge', 'LeadHaven', 'Pipedrift', 'RelateKit', 'SalesLoom', 'DealStream',
      'chatgpt', 'google-ai-overview', '20 raw answer entries',
    ],
    // The market map is a table (issue 29): each brand's row once (the chart labels it by name only).
    once: ['Closewise (closewise.com)', 'Northwind CRM (northwindcrm.com)', 'DealStream (dealstream.io)'],
  },
  {
    command: 'sources',
    facts: [
      'total citations 199', 'answers analysed 60', '(18)', '(14)', 'named in 18 answers', '#10 by presence',
      'Northwind CRM', 'Zenlead', 'SalesLoom', 'LeadHaven', 'Pipedrift', 'FunnelBee', 'TallyForce', 'HubForge', 'Crmly', 'RelateKit',
      'https://g2.com/categories/northwind', 'citations 12',
    ],
    once: ['*Zenlead* (zenlead.com)', '*Northwind CRM* (northwindcrm.com)'],
  },
  {
    command: 'positioning',
    facts: [
      ...DOMAINS,
      'The CRM your whole revenue team actually uses', 'Close more deals with less busywork', 'Grow better with one connected platform',
      'A developer-friendly CRM API', 'Start free trial', 'Book a demo', 'never read', '64', 'all-in-one', 'set up in a day',
    ],
    once: ['*hubforge.io*'],
  },
  {
    command: 'content',
    facts: [
      ...DOMAINS, '412 URLs', '1,380 URLs', '2,210 URLs', '290 URLs', '640 URLs', '0 URLs', '188 URLs',
      'https://pipedrift.com/compare', 'Head-to-head comparison page targeting your brand name',
      'northwind-vs-pipedrift', 'compared, none found', 'no comparison ran',
    ],
    once: ['*Missing comparison pages:*'],
  },
  {
    command: 'tech',
    facts: [
      ...DOMAINS, '72', '14 of 26', '19 of 26', 'none of the 26', 'Next.js', 'Cloudflare', 'AWS Route 53', 'GPTBot', 'ClaudeBot',
      'shields its response headers', 'publishes no robots.txt', 'could not be measured', 'no AI-access information',
    ],
    // The sites are a table (issue 29): the shielded site's row once (the charts label it by name only).
    once: ['hubforge.io\nnot measured: the site shields its response headers'],
  },
  {
    command: 'competitor hubforge',
    facts: [
      'HubForge (hubforge.io)', '$45', '#9 by presence', '45%', '53/100', '#8 by presence', '17 of 26', 'shields its response headers',
      '2210', '60 programmatic', 'Grow better with one connected platform', 'https://hubforge.io/blog/buyers-guide',
    ],
  },
  {
    command: 'competitors',
    facts: ['6 competitors', 'Northwind CRM', 'Pipedrift', 'HubForge', 'Closewise', 'SalesLoom', 'DealStream', 'RelateKit', ...DOMAINS, 'https://hubforge.io/plans'],
    once: ['*HubForge* · hubforge.io'],
  },
  {
    command: 'tickets',
    facts: ['37 tickets', '32 of 37', '#37', 'Publish comparison pages against Pipedrift and HubForge', 'Maya Chen', 'overdue', 'Triage', 'Dismissed', 'about 8 h'],
  },
  {
    // A deep-dive section (structure not shown by the spec): title, summary, text, list, table and chart, in either style.
    command: 'briefing pricing',
    facts: [
      'Pricing deep dive', '*Pricing: what moved this edition*', 'Priced 26% under the market average per seat (4 comparable prices).',
      'Pricing compared across 3 tracked competitors since the previous edition.', '*What changed*', '• Pipedrift gained ground',
      '*Where each competitor stands*', '_Competitor | This edition | Previous_', 'Northwind CRM | 55 | 52', ':bar_chart: *Pricing over the last editions*',
    ],
    once: ['Priced 26% under the market average per seat (4 comparable prices).'],
  },
  {
    // A past run reads like today's answer (its area's reader and view), in either style.
    command: `run pricing ${NW_RUNS.pricing?.[0] ?? ''}`,
    allow: [NW_RUNS.pricing?.[0] ?? ''],
    facts: ['pricing run', 'Price gap', '$39.25', '26.1%', '4 comparable prices', '*Your pricing*', '$29'],
  },
  {
    command: `run tech ${NW_RUNS['tech-trust']?.[0] ?? ''}`,
    allow: [NW_RUNS['tech-trust']?.[0] ?? ''],
    facts: ['tech and trust run', 'Security score gap −4.7', 'competitors measured 5'],
  },
  {
    // Each history row read by its area's reader and said in its words, in either style (issue 27).
    command: 'history pricing',
    allow: [...(NW_RUNS.pricing ?? [])],
    facts: ['Your lowest price $29 per seat a month', 'market average $39.25 per seat a month', '26.1% below the market average (4 comparable prices)', 'free plan gap: gap', '22.7% below the market average'],
  },
  {
    command: 'history tech',
    allow: [...(NW_RUNS['tech-trust'] ?? [])],
    facts: ['Security score gap −4.7 · trust signal gap +1.2 · competitors measured 5', 'Security score gap _no comparison_'],
  },
  {
    command: 'history positioning',
    allow: [...(NW_RUNS.positioning ?? [])],
    facts: ['2 competitors changed their messaging · differentiation score: 64 · crowded claims: all-in-one, AI assistant · uncontested claims: set up in a day'],
  },
  {
    command: 'history content',
    allow: [...(NW_RUNS.content ?? [])],
    facts: ['URLs added by competitors 146 · gaps found 5 · competitors compared 5'],
  },
];

/** The read commands run against the sandbox in this style. */
export const readsIn = (_style: string): ReadFacts[] => READ_FACTS;

/**
 * Phrases that say Radar failed to read something, or show a raw key: never in an answer where the default
 * style states the fact. A snake_case token outside a URL is a key the alt style named (`by_competitor`).
 */
export const TROUBLE: RegExp[] = [
  /unnamed competitor/i,
  /without a name/i,
  /Radar couldn't read/i,
  /rows couldn't be read/i,
  /couldn't be read\./i,
  /›/,
  /\b[a-z0-9]+_[a-z0-9_]+\b/,
];

/** The answer's text without URLs, emoji codes and date tokens' formats (which may hold underscores: `:large_orange_diamond:`). */
export const withoutUrls = (text: string): string => text.replace(/<!date\^[^|>]*\|([^>]*)>/g, '$1').replace(/https?:\/\/\S+/g, '<url>').replace(/:[a-z0-9_+-]+:/g, '<emoji>');

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/** What an answer lacks: facts it does not state, facts it states more than once, and trouble it shows. */
export function shortfalls(text: string, want: { facts: readonly string[]; once?: readonly string[]; altOnly?: readonly string[]; allow?: readonly string[] }): { missing: string[]; repeated: string[]; trouble: string[] } {
  const plain = (want.allow ?? []).reduce((t, token) => (token === '' ? t : t.split(token).join('<allowed>')), withoutUrls(text));
  return {
    missing: [...want.facts, ...(want.altOnly ?? [])].filter((fact) => !text.includes(fact)),
    repeated: (want.once ?? []).filter((fact) => occurrences(text, fact) !== 1).map((fact) => `${fact} ×${occurrences(text, fact)}`),
    trouble: TROUBLE.flatMap((re) => {
      const hit = re.exec(plain);
      return hit ? [hit[0]] : [];
    }),
  };
}
