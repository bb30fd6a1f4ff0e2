/**
 * The "More brands" button under the market map: the next compact page (`offset`/`limit`) of the
 * same check, its rows de-duplicated by domain against every row shown so far (own and tracked rows
 * are on every page, spec 2.5). The value is sealed to the channel and carries no authority: on a
 * press the project is checked again against the channel's binding (or, for `--project`, against
 * the projects Radar may use).
 */
import { projectRefusalHere } from '../board/binding-check.js';
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { isServiceError } from '../../service/errors.js';
import { mergeBrandRows, type AiBrandRow, type AiPageFacts } from '../../service/index.js';
import { actions, button, chunkLines, context, escapeMrkdwn, fitBlocks, header, LIMITS, plural, section, type Block } from '../../slack/blocks/index.js';
import { describeError, FORGED_VALUE } from '../../slack/error-text.js';
import { ACTION_IDS, COMMAND } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { RATES_NOTE } from './format.js';
import { brandLine } from './views/market-map.js';

/** What the button carries: project, whether it came from `--project`, the check, the next page, the domains shown. */
export interface MoreBrandsValue {
  projectId: string;
  projectName: string;
  explicit: boolean;
  checkId: string | null;
  offset: number;
  limit: number;
  shown: string[];
}

/** Brands on one page of `/radar ai --page N` (the service's compact paging, `offset`/`limit`). */
export const MAP_PAGE_SIZE = 10;

/** The `--page` that continues after `page` without skipping a brand (pages of `MAP_PAGE_SIZE`). */
export function nextMapPage(page: AiPageFacts): number {
  return Math.floor((page.offset + page.limit) / MAP_PAGE_SIZE) + 1;
}

/** The command that shows the market map after `page`: `/radar ai --page 2` (with `--project` when the project was named). */
export function nextMapCommand(page: AiPageFacts, project: string | null): string {
  return `${COMMAND} ai --page ${nextMapPage(page)}${project ? ` --project ${project}` : ''}`;
}

/** The sealed value, or null when there is no next page or it would not fit a button value. */
export function sealMoreBrands(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, value: MoreBrandsValue): string | null {
  const payload = { p: value.projectId, n: value.projectName.slice(0, 80), x: value.explicit ? 1 : 0, c: value.checkId, o: value.offset, l: value.limit, d: value.shown };
  try {
    return deps.seals.seal(payload, scope, LIMITS.buttonValue);
  } catch {
    return null;
  }
}

export function unsealMoreBrands(deps: Pick<RadarDeps, 'seals'>, sealed: string | undefined, scope: SealScope): MoreBrandsValue | null {
  const v = deps.seals.unseal(sealed, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || typeof v.o !== 'number' || typeof v.l !== 'number' || !Array.isArray(v.d)) return null;
  return {
    projectId: v.p,
    projectName: typeof v.n === 'string' ? v.n : v.p,
    explicit: v.x === 1,
    checkId: typeof v.c === 'string' ? v.c : null,
    offset: v.o,
    limit: v.l,
    shown: v.d.filter((d): d is string => typeof d === 'string'),
  };
}

/** Null when the value may act in this channel now; else why not (same rules as every Radar button). */
export async function refusalFor(deps: Pick<RadarDeps, 'bindings' | 'config'>, value: MoreBrandsValue | null, scope: SealScope): Promise<string | null> {
  return value ? projectRefusalHere(deps, value, scope) : FORGED_VALUE;
}

/** The next value after a page: its rows' domains added to those shown; null at the end. */
export function nextValue(current: Omit<MoreBrandsValue, 'offset' | 'limit'>, page: AiPageFacts | null, rows: readonly (AiBrandRow | null)[]): MoreBrandsValue | null {
  if (!page?.hasMore) return null;
  const shown = [...new Set([...current.shown, ...rows.map((r) => r?.domain).filter((d): d is string => typeof d === 'string')])];
  return { ...current, offset: page.offset + page.limit, limit: page.limit, shown };
}

export function moreBrandsView(value: MoreBrandsValue, rows: readonly (AiBrandRow | null)[], page: AiPageFacts | null, sealedNext: string | null): { text: string; blocks: Block[] } {
  const title = `${value.projectName}: more brands on the AI market map`;
  const blocks: Block[] = [header(title)];
  const range = page ? `brands ${page.offset + 1}–${Math.min(page.offset + page.limit, page.total)} of ${page.total}` : 'the next page';
  const lines = rows.length ? rows.map(brandLine) : ['_No brand on this page that was not shown already._'];
  for (const chunk of chunkLines([`*Market map, ${range}* (by presence; rows shown before are left out)`, ...lines])) blocks.push(section(chunk));
  const shownCount = value.shown.length + rows.filter((r) => r?.domain).length;
  blocks.push(context(`${plural(shownCount, 'brand')} shown so far${page ? ` of ${page.total}` : ''}.`, RATES_NOTE));
  if (sealedNext) blocks.push(actions([button({ text: 'More brands', actionId: ACTION_IDS.aiMoreBrands, value: sealedNext })]));
  if (page?.hasMore) blocks.push(context(`The rest of the market map: \`${escapeMrkdwn(nextMapCommand(page, value.explicit ? value.projectId : null))}\`${sealedNext ? ' (or the button above)' : ''}.`));
  return { text: escapeMrkdwn(title), blocks: fitBlocks(blocks, 48) };
}

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function moreBrandsAction(deps: RadarDeps) {
  return async ({ ack, body, respond }: Args): Promise<void> => {
    await ack();
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const value = unsealMoreBrands(deps, body.actions[0]?.value, scope);
    const refusal = await refusalFor(deps, value, scope);
    if (refusal || !value) {
      deps.logger.info('refused an AI market map page', { channel: scope.channel, user: body.user.id, sealed: Boolean(value) });
      await respond({ replace_original: false, response_type: 'ephemeral', text: refusal ?? FORGED_VALUE });
      return;
    }
    try {
      const facts = await deps.service.aiVisibilityFacts(value.projectId, { offset: value.offset, limit: value.limit });
      const checkId = facts.checkId.kind === 'value' ? facts.checkId.value : null;
      if (value.checkId && checkId && checkId !== value.checkId) {
        await respond({ replace_original: false, response_type: 'ephemeral', text: `A newer AI visibility check has arrived since; run \`/radar ai\` again to page its market map.` });
        return;
      }
      const rows = facts.brands.kind === 'value' ? facts.brands.value : [];
      const fresh = mergeBrandRows(value.shown.map(seenRow), rows).slice(value.shown.length);
      const page = facts.brandsPage.kind === 'value' ? facts.brandsPage.value : null;
      const next = nextValue(value, page, fresh);
      const sealedNext = next ? sealMoreBrands(deps, scope, next) : null;
      await respond({ replace_original: false, response_type: 'ephemeral', ...moreBrandsView(value, fresh, page, sealedNext) });
    } catch (error) {
      logFailure(deps.logger, 'AI market map page failed', error, { project: value.projectId });
      const text = isServiceError(error) && error.code === 'no_data_available' ? 'There is no scored AI visibility check any more.' : describeError(error, { action: 'read the next page of the market map' });
      await respond({ replace_original: false, response_type: 'ephemeral', text });
    }
  };
}

/** A placeholder row for a domain shown before (only its domain matters for de-duplication). */
function seenRow(domain: string): AiBrandRow {
  const omitted = { kind: 'omitted' } as const;
  return {
    competitorId: null,
    domain,
    domainShown: domain,
    name: omitted,
    isOwn: false,
    tracked: omitted,
    mentionRate: omitted,
    rankByPresence: omitted,
    answersNaming: omitted,
    score: omitted,
    rankChange: omitted,
    presence: omitted,
    tiedWith: 0,
    extras: [],
    moreExtras: 0,
  };
}
