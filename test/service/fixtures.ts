/** Spec-shaped payloads for the client tests (spec 2.3 to 2.10). */

export const project = {
  id: 'prj_1',
  organizationId: 'org_1',
  name: 'Northwind CRM',
  domain: 'northwindcrm.com',
  status: 'active',
  competitorCount: 0,
  lastMonitoredAt: '2025-01-02T03:04:05.000Z',
  createdAt: '2024-01-02T03:04:05.000Z',
};

export const ticket = {
  id: 'tkt_1',
  number: 1,
  origin: 'api',
  author: null,
  briefing: null,
  title: 'Answer the price cut',
  description: '',
  labels: [{ id: 'lbl_1', name: 'pricing', color: '#aabbcc' }],
  status: 'triage',
  statusChangedAt: '2025-01-02T03:04:05.000Z',
  assignee: null,
  dueDate: null,
  effort: null,
  impact: null,
  commentCount: 0,
  deletable: true,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  lastActivityAt: '2025-01-02T03:04:05.000Z',
};

/** Own side unmeasured: every customer metric null, reason given; a competitor without pricing data. */
export const pricingUnmeasured = {
  summary: {
    customer: { hasFreePlan: null, lowestPrice: null, planCount: null },
    pricingAnalysisAvailable: { available: false, reason: 'no_pricing_page_found' },
    gaps: { hasPriceGap: null, hasFreePlanGap: null, hasAnnualDiscountGap: null },
    marketAvgPrice: null,
    marketPricingUnit: null,
    pricePositionPercent: null,
  },
  competitors: [
    { domain: 'a.example', hasFreePlan: false, lowestPrice: 0, planCount: 3 },
    { domain: 'b.example', hasFreePlan: null, lowestPrice: null, pricingDataAvailable: 'page_did_not_respond' },
  ],
};

export const briefingDone = {
  meta: {
    runId: 'run_3',
    status: 'done',
    editionNumber: 3,
    startedAt: '2025-01-02T03:04:05.000Z',
    briefingDate: '2025-01-02T05:04:05.000Z',
  },
  item: { hub: { kind: 'hub', blocks: [{ type: 'headline', verdict: 'Pricing pressure is rising' }] } },
  coverage: { type: 'coverage', items: ['Two competitors had no pricing page'] },
  contains: ['hub', 'deep-pricing'],
  tickets: {
    total: 0,
    byStatus: { triage: 0, todo: 0, in_progress: 0, done: 0, dismissed: 0 },
    opened: [],
    commented: [],
    alreadyOnBoard: [],
    recheckedUnchanged: [],
  },
};

export const briefingNever = { meta: { status: null }, item: null, coverage: null, contains: null, tickets: null };

export const pagination = { page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false };
