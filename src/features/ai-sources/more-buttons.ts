/** The sealed "More pages" / "More brands" buttons a sources view offers. */
import type { RadarDeps } from '../../deps.js';
import { button } from '../../slack/blocks/index.js';
import { ACTION_IDS } from '../../slack/ids.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { sealMore } from './more-value.js';
import type { MoreButton } from './views/sources-view.js';

export function moreButtons(
  deps: Pick<RadarDeps, 'seals'>,
  scope: SealScope,
  about: { projectId: string; projectName: string; explicit: boolean; checkId: string | null },
): MoreButton {
  return (list, next) => {
    const value = sealMore(deps, scope, { ...about, ...next });
    if (value === null) return null;
    return list === 'pages'
      ? button({ text: 'More pages', actionId: ACTION_IDS.sourcesMorePages, value })
      : button({ text: 'More brands', actionId: ACTION_IDS.sourcesMoreBrands, value });
  };
}
