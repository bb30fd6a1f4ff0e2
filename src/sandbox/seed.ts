/**
 * The sandbox's demo data. `SEED` names the ids tests use; `seedProjects()` builds a fresh copy of
 * every project (the route layer mutates its own copy, so a reset is a new call).
 */
import type { Dimension, DimensionSeed, ProjectSeed } from './seed/types.js';
import { LUMEN_COMPETITORS, NOPLAN_COMPETITORS, NORTHWIND_COMPETITORS, ORG_IDS, OTHER_COMPETITORS, QUARRY_COMPETITORS, SPROUT_COMPETITORS } from './seed/projects.js';
import { lumenPricing, northwindPricing, quarryPricing } from './seed/pricing.js';
import { northwindTechTrust, simpleTechTrust } from './seed/tech-trust.js';
import { northwindChangelog, northwindContent, simpleContent } from './seed/content.js';
import { northwindPositioning, simplePositioning } from './seed/positioning.js';
import { northwindAiVisibility, quarryAiVisibility, simpleAiVisibility } from './seed/ai-visibility.js';
import { lumenBriefings, northwindBriefings, quarryBriefings, singleEdition } from './seed/briefings.js';
import { aiSourcesChecks } from './seed/ai-sources.js';
import { alerts, schedules } from './seed/alerts-schedules.js';
import { daysAgo, SEED_NOW, withSeedClock } from './seed/ids.js';

export type { ProjectSeed } from './seed/types.js';

const PROMPTS = {
  northwind: ['best CRM for small sales teams', 'CRM with built-in email sync', 'affordable CRM with forecasting', 'Pipedrift alternatives'],
  lumen: ['best documentation platform for startups', 'docs tool with versioning', 'Docsmith alternatives'],
  quarry: ['simple payment processing for SaaS', 'lowest fee card processor', 'Tillpoint alternatives'],
  sprout: ['HR software for small businesses', 'StaffNest alternatives'],
  other: ['product analytics for B2B', 'MetricJar alternatives'],
  noplan: ['design studio portfolio tools'],
};

function base(p: Pick<ProjectSeed, 'id' | 'organizationId' | 'name' | 'domain' | 'competitors' | 'monitoringPrompts'>, createdDaysAgo: number): ProjectSeed {
  const key = p.id.replace(/^prj_/, '');
  return {
    ...p,
    status: 'active',
    createdAt: daysAgo(createdDaysAgo),
    lastMonitoredAt: daysAgo(1),
    dimensions: {},
    changelog: [],
    aiVisibility: null,
    aiSources: aiSourcesChecks({ projectKey: key, competitors: p.competitors, checks: 2, unnamed: [] }),
    alerts: alerts(key),
    schedules: schedules(key),
    briefings: [],
  };
}

function simpleDimensions(key: string, competitors: ProjectSeed['competitors']): Partial<Record<Dimension, DimensionSeed>> {
  return { 'tech-trust': simpleTechTrust(key, competitors), content: simpleContent(key, competitors), positioning: simplePositioning(key, competitors) };
}

/** A fresh copy of every seeded project, its timestamps laid out before `now` (epoch ms; the sandbox clock's reading). */
export function seedProjects(now: number = SEED_NOW): ProjectSeed[] {
  return withSeedClock(now, buildProjects);
}

function buildProjects(): ProjectSeed[] {
  const northwind: ProjectSeed = {
    ...base({ id: 'prj_northwind', organizationId: ORG_IDS.acme, name: 'Northwind CRM', domain: 'northwindcrm.com', competitors: NORTHWIND_COMPETITORS, monitoringPrompts: PROMPTS.northwind }, 400),
    dimensions: {
      'tech-trust': northwindTechTrust(NORTHWIND_COMPETITORS),
      content: northwindContent(NORTHWIND_COMPETITORS),
      positioning: northwindPositioning(NORTHWIND_COMPETITORS),
      pricing: northwindPricing(NORTHWIND_COMPETITORS),
    },
    changelog: northwindChangelog(),
    aiVisibility: northwindAiVisibility(NORTHWIND_COMPETITORS, PROMPTS.northwind),
    aiSources: aiSourcesChecks({ projectKey: 'northwind', competitors: NORTHWIND_COMPETITORS, checks: 4, unnamed: ['dealstream.io'] }),
    briefings: northwindBriefings(),
  };
  const lumen: ProjectSeed = {
    ...base({ id: 'prj_lumen', organizationId: ORG_IDS.acme, name: 'Lumen Docs', domain: 'lumendocs.io', competitors: LUMEN_COMPETITORS, monitoringPrompts: PROMPTS.lumen }, 200),
    dimensions: { ...simpleDimensions('lumen', LUMEN_COMPETITORS), pricing: lumenPricing(LUMEN_COMPETITORS) },
    aiVisibility: simpleAiVisibility('lumen', LUMEN_COMPETITORS, PROMPTS.lumen, true),
    briefings: lumenBriefings(),
  };
  const quarry: ProjectSeed = {
    ...base({ id: 'prj_quarry', organizationId: ORG_IDS.acme, name: 'Quarry Pay', domain: 'quarrypay.com', competitors: QUARRY_COMPETITORS, monitoringPrompts: PROMPTS.quarry }, 150),
    status: 'paused',
    dimensions: { ...simpleDimensions('quarry', QUARRY_COMPETITORS), pricing: quarryPricing(QUARRY_COMPETITORS) },
    aiVisibility: quarryAiVisibility(QUARRY_COMPETITORS, PROMPTS.quarry),
    briefings: quarryBriefings(),
  };
  const sprout: ProjectSeed = {
    ...base({ id: 'prj_sprout', organizationId: ORG_IDS.acme, name: 'Sprout HR', domain: 'sprouthr.com', competitors: SPROUT_COMPETITORS, monitoringPrompts: PROMPTS.sprout }, 2),
    lastMonitoredAt: null,
    aiSources: [],
  };
  const other: ProjectSeed = {
    ...base({ id: 'prj_other', organizationId: ORG_IDS.other, name: 'Orbit Analytics', domain: 'orbitanalytics.com', competitors: OTHER_COMPETITORS, monitoringPrompts: PROMPTS.other }, 300),
    dimensions: simpleDimensions('other', OTHER_COMPETITORS),
    aiVisibility: simpleAiVisibility('other', OTHER_COMPETITORS, PROMPTS.other, false),
    briefings: singleEdition('other', 'MetricJar is winning the AI answers.', ['MetricJar']),
  };
  const noplan: ProjectSeed = {
    ...base({ id: 'prj_noplan_site', organizationId: ORG_IDS.noplan, name: 'Pebble Studio', domain: 'pebblestudio.design', competitors: NOPLAN_COMPETITORS, monitoringPrompts: PROMPTS.noplan }, 100),
    dimensions: simpleDimensions('noplan', NOPLAN_COMPETITORS),
    briefings: singleEdition('noplan', 'Clayworks redesigned its homepage.', ['Clayworks']),
  };
  return [northwind, lumen, quarry, sprout, other, noplan];
}

const projects = seedProjects();

function projectIds(id: string) {
  const p = projects.find((x) => x.id === id);
  if (!p) throw new Error(`seed: missing ${id}`);
  return {
    id: p.id,
    organizationId: p.organizationId,
    domain: p.domain,
    competitorIds: p.competitors.filter((c) => !c.isOwn).map((c) => c.id),
    ownCompetitorId: p.competitors.find((c) => c.isOwn)?.id ?? '',
    /** Briefing run ids, newest first. */
    briefingRunIds: p.briefings.map((b) => b.runId),
    /** Dimension run ids per dimension, newest first. */
    runIds: Object.fromEntries(Object.entries(p.dimensions).map(([d, s]) => [d, s.runs.map((r) => r.runId)])) as Partial<Record<Dimension, string[]>>,
    /** AI-visibility check ids, newest first. */
    checkIds: p.aiVisibility?.checks.map((c) => c.checkId) ?? [],
    /** AI-sources check ids, newest first. */
    sourcesCheckIds: p.aiSources.map((c) => c.checkId),
  };
}

const northwind = projectIds('prj_northwind');

/** Ids and facts tests rely on. */
export const SEED = {
  orgs: ORG_IDS,
  projects: {
    northwind,
    /** The main demo project (same as `northwind`). */
    main: northwind,
    lumen: projectIds('prj_lumen'),
    quarry: projectIds('prj_quarry'),
    sprout: projectIds('prj_sprout'),
    other: projectIds('prj_other'),
    noplan: projectIds('prj_noplan_site'),
  },
  /** Northwind competitors with a particular null-contract role. */
  roles: {
    shieldedHeaders: 'cmp_nw_hubforge',
    robotsMissing: 'cmp_nw_closewise',
    robotsUnreadable: 'cmp_nw_salesloom',
    noAiAccess: 'cmp_nw_dealstream',
    noPricingPage: 'cmp_nw_dealstream',
    pricingNotResponding: 'cmp_nw_relatekit',
    positioningNeverRead: 'cmp_nw_dealstream',
    neverNamedInAi: 'dealstream.io',
    /** Also never named in the AI sources brand list. */
    neverNamedInSources: 'dealstream.io',
  },
  /** The Northwind pricing run that finished without a summary (404 run_not_summarized). */
  unsummarizedPricingRunId: northwind.runIds.pricing?.[2] ?? '',
  /** The Northwind tech-trust run that finished without a summary (404 run_not_summarized). */
  unsummarizedTechTrustRunId: northwind.runIds['tech-trust']?.[2] ?? '',
} as const;
