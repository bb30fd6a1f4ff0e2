/**
 * The board's label rules (spec 4.6, 8), checked before anything is sent, by `/radar label …` and by
 * the ticket form's "add a label" input: a name of 1 to 40 characters, unique in the project ignoring
 * case, at most 50 labels a project, a colour `#rrggbb` stored lower-case. The service's own refusal
 * is read as the same rules (a second line of defence).
 */
import type { Label } from '../../service/index.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';

export const LABEL_NAME_MAX = 40;
export const LABELS_PER_PROJECT_MAX = 50;

/** Colours a label gets when none is given: the next one by how many labels the project has. */
const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'] as const;

export function defaultColor(labelCount: number): string {
  return PALETTE[labelCount % PALETTE.length] ?? PALETTE[0];
}

/** `#RRGGBB` or `rrggbb` as the lower-case `#rrggbb` the service stores, or null when it is no colour. */
export function parseColor(typed: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(typed.trim());
  return match?.[1] ? `#${match[1].toLowerCase()}` : null;
}

export const COLOR_RULE = 'A colour is six hex digits, like `#1f6feb`.';

/**
 * The sentence saying why `name` cannot be a label of a project that has `existing` (`ownId`: the
 * label being renamed, which may keep its own name in another case); null when it can.
 */
export function labelNameProblem(name: string, existing: readonly Pick<Label, 'id' | 'name'>[], ownId?: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'A label needs a name.';
  if (trimmed.length > LABEL_NAME_MAX) return `A label name has at most ${LABEL_NAME_MAX} characters; “${escapeMrkdwn(trimmed)}” has ${trimmed.length}.`;
  const clash = existing.find((l) => l.id !== ownId && l.name.toLowerCase() === trimmed.toLowerCase());
  if (clash) return `There is already a label named “${escapeMrkdwn(clash.name)}” (names are unique, whatever their case).`;
  return null;
}

/** The sentence when the project already has as many labels as it may; null when one more fits. */
export function labelCountProblem(count: number): string | null {
  return count >= LABELS_PER_PROJECT_MAX ? `The project already has ${LABELS_PER_PROJECT_MAX} labels, the most a project may have; delete one first.` : null;
}

/**
 * A label write the service refused with 400, read as the rule it broke: `bad_request` is the
 * 50-label cap, anything else the name or colour rules. Null for any other failure.
 */
export function labelRefusal(error: unknown, adding: boolean): string | null {
  if (!isServiceError(error) || error.status !== 400) return null;
  if (adding && error.code === 'bad_request') return `The service refused: a project has at most ${LABELS_PER_PROJECT_MAX} labels.`;
  return `The service refused the label: a name has 1 to ${LABEL_NAME_MAX} characters and is unique in the project whatever its case, and a colour is \`#rrggbb\`. (It said: ${escapeMrkdwn(error.message)})`;
}

/** The label named `name` ignoring case, or undefined. */
export function labelNamed<L extends Pick<Label, 'name'>>(labels: readonly L[], name: string): L | undefined {
  const wanted = name.trim().toLowerCase();
  return labels.find((l) => l.name.toLowerCase() === wanted);
}
