import type { BriefingRead } from '../../../service/index.js';
import { isUnreadable, readableOr, UNREADABLE_VALUE } from '../../../service/tolerant.js';
import { context, escapeMrkdwn, header, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { BriefingState } from '../load-briefing.js';
import { editionBlocks, editionTitle } from '../../editions/views/edition-summary.js';
import { runMetaOf } from '../../editions/hub.js';

export function briefingView(projectName: string, state: BriefingState, now: Date): { text: string; blocks: Block[] } {
  const name = escapeMrkdwn(projectName);
  const blocks: Block[] = [];
  const showEdition = (read: BriefingRead, lead: string) => {
    blocks.push(header(`${projectName}: ${editionTitle(read)}`), ...editionBlocks(read), context(`${lead} · \`${COMMAND} briefing history\` lists every edition.`));
  };

  switch (state.kind) {
    case 'never':
      blocks.push(section(`No briefing has run yet for *${name}*: its history is empty. Editions appear here once the first one is done.`));
      return { text: `No briefing yet for ${name}`, blocks };
    case 'done':
      showEdition(state.read, 'Latest edition');
      return { text: `${name}: ${escapeMrkdwn(editionTitle(state.read))}`, blocks };
    case 'running': {
      const meta = runMetaOf(state.latest);
      const rawProgress = meta?.progress;
      const progress = readableOr(rawProgress, undefined);
      const step = isUnreadable(rawProgress)
        ? UNREADABLE_VALUE
        : progress === undefined
          ? 'not reported'
          : escapeMrkdwn(typeof progress.step === 'string' ? progress.step : JSON.stringify(progress.step));
      const since = progress?.startedAt ?? readableOr(meta?.startedAt, undefined);
      blocks.push(
        section(
          `:hourglass_flowing_sand: A new edition for *${name}* is being written: step *${step}*, started ${relativeAndAbsolute(since, now, 'at an unreported time')}` +
            (progress?.updatedAt ? `, last update ${relativeAndAbsolute(progress.updatedAt, now)}` : '') +
            '. Runs finish within two hours.',
        ),
      );
      break;
    }
    case 'failed':
      blocks.push(section(`:warning: The latest briefing attempt for *${name}* failed and produced no edition.`));
      break;
  }
  if (state.lastDone) showEdition(state.lastDone, 'Last done edition');
  else blocks.push(section('There is no earlier done edition to show.'));
  return { text: `${name}: briefing ${state.kind}`, blocks };
}
