import type { CompetitorSeed } from './types.js';
import { daysAgo } from './ids.js';

/** Organisation ids (the core owns the organisations): org_acme has a plan, org_noplan none, org_other proves cross-organisation 404s. */
export const ORG_IDS = { acme: 'org_acme', noplan: 'org_noplan', other: 'org_other' } as const;

function competitor(id: string, name: string, domain: string, opts: { own?: boolean; pricingPath?: string | null; addedDaysAgo?: number } = {}): CompetitorSeed {
  const pricingPath = opts.pricingPath === undefined ? '/pricing' : opts.pricingPath;
  return {
    id,
    name,
    domain,
    isOwn: opts.own ?? false,
    homepageUrl: `https://${domain}/`,
    pricingUrl: pricingPath === null ? null : `https://${domain}${pricingPath}`,
    addedAt: daysAgo(opts.addedDaysAgo ?? 180),
  };
}

export const NORTHWIND_COMPETITORS = [
  competitor('cmp_nw_own', 'Northwind CRM', 'northwindcrm.com', { own: true }),
  competitor('cmp_nw_pipedrift', 'Pipedrift', 'pipedrift.com'),
  competitor('cmp_nw_hubforge', 'HubForge', 'hubforge.io', { pricingPath: '/plans' }),
  competitor('cmp_nw_closewise', 'Closewise', 'closewise.com'),
  competitor('cmp_nw_salesloom', 'SalesLoom', 'salesloom.com'),
  competitor('cmp_nw_dealstream', 'DealStream', 'dealstream.io', { pricingPath: null }),
  competitor('cmp_nw_relatekit', 'RelateKit', 'relatekit.com', { addedDaysAgo: 40 }),
];

export const LUMEN_COMPETITORS = [
  competitor('cmp_lu_own', 'Lumen Docs', 'lumendocs.io', { own: true, pricingPath: null }),
  competitor('cmp_lu_docsmith', 'Docsmith', 'docsmith.io'),
  competitor('cmp_lu_readwell', 'Readwell', 'readwell.dev'),
  competitor('cmp_lu_inkpage', 'Inkpage', 'inkpage.com'),
];

export const QUARRY_COMPETITORS = [
  competitor('cmp_qu_own', 'Quarry Pay', 'quarrypay.com', { own: true }),
  competitor('cmp_qu_tillpoint', 'Tillpoint', 'tillpoint.com'),
  competitor('cmp_qu_coinrail', 'Coinrail', 'coinrail.io'),
  competitor('cmp_qu_settlefy', 'Settlefy', 'settlefy.com', { pricingPath: '/fees' }),
];

export const SPROUT_COMPETITORS = [
  competitor('cmp_sp_own', 'Sprout HR', 'sprouthr.com', { own: true, addedDaysAgo: 2 }),
  competitor('cmp_sp_staffnest', 'StaffNest', 'staffnest.com', { addedDaysAgo: 2 }),
  competitor('cmp_sp_hirebloom', 'HireBloom', 'hirebloom.io', { addedDaysAgo: 2 }),
];

export const OTHER_COMPETITORS = [
  competitor('cmp_ot_own', 'Orbit Analytics', 'orbitanalytics.com', { own: true }),
  competitor('cmp_ot_metricjar', 'MetricJar', 'metricjar.com'),
];

export const NOPLAN_COMPETITORS = [
  competitor('cmp_np_own', 'Pebble Studio', 'pebblestudio.design', { own: true }),
  competitor('cmp_np_clayworks', 'Clayworks', 'clayworks.design'),
];
