/**
 * The ticket forms' "Add a new label" input (create and edit): offered to admins (`RADAR_ADMINS`)
 * while the project has room for a label; checked against the labels the form offered before
 * anything is sent; created just before the ticket is written, and put on it.
 */
import type { RadarDeps } from '../../deps.js';
import type { ServiceClient } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import { isAdmin } from '../../slack/access-policy.js';
import type { PlainOption } from '../../slack/blocks/index.js';
import { BLOCK_IDS } from '../../slack/ids.js';
import { defaultColor, labelCountProblem, labelNameProblem, labelNamed } from '../board/label-rules.js';
import { optionsIn } from '../board/view-state.js';

/** Whether a form opened by `userId` offers the input, given the labels it offers. */
export function mayAddLabel(deps: Pick<RadarDeps, 'config'>, userId: string, labels: readonly PlainOption[]): boolean {
  return isAdmin(deps.config, userId) && labelCountProblem(labels.length) === null;
}

/** The labels a submitted form offered (the project's, at most 50, all offered). */
export function offeredLabels(blocks: readonly unknown[]): PlainOption[] {
  return optionsIn(blocks, BLOCK_IDS.labels) ?? [];
}

/** The field error for a typed new label (plain text: Slack shows field errors as typed), or null. */
export function newLabelError(deps: Pick<RadarDeps, 'config'>, userId: string, name: string, offered: readonly PlainOption[]): string | null {
  if (!isAdmin(deps.config, userId)) return "Only Radar's admins can create labels.";
  const existing = offered.map((o) => ({ id: o.value ?? '', name: o.text.text }));
  const problem = labelNameProblem(name, existing) ?? labelCountProblem(existing.length);
  return problem ? problem.replace(/[*_`]/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
}

/** Creates the label; resolves to its id (undefined when the answer does not list it by that name). */
export async function createInlineLabel(service: ServiceClient, projectId: string, name: string, labelCount: number): Promise<string | undefined> {
  const list = readable(await service.createLabel(projectId, { name, color: defaultColor(labelCount) }));
  return labelNamed(list, name)?.id;
}
