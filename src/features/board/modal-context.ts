/**
 * What a ticket or comment modal remembers between opening and submit, kept in the view's
 * `private_metadata` (at most 3,000 characters): the project, the message it came from, and who
 * opened it. It is sealed (`src/slack/sealed-values.ts`) to the team, so a submission or options
 * request naming another project or channel, or another person's modal, is refused.
 */
import * as z from 'zod';
import type { RadarDeps } from '../../deps.js';
import { projectAllowed, projectRefusal } from '../../slack/access-policy.js';
import { LIMITS, truncate } from '../../slack/blocks/index.js';
import { FORGED_VALUE, STALE_BINDING } from '../../slack/error-text.js';

const modalContextSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  channelId: z.string(),
  messageTs: z.string(),
  threadTs: z.string().optional(),
  permalink: z.string().optional(),
  /** The Slack user who opened the modal: only their submissions count. */
  openedBy: z.string(),
});
export type ModalContext = z.infer<typeof modalContextSchema>;

/** The longest project name kept; the rest of the context is ids and one URL. */
const PROJECT_NAME_MAX = 200;

/** A modal is in no channel: its context is sealed to the team; the channel it names is inside the seal. */
const scopeOf = (team: string) => ({ channel: '', team });

export function encodeContext(deps: Pick<RadarDeps, 'seals'>, team: string, context: ModalContext): string {
  return deps.seals.seal({ ...context, projectName: truncate(context.projectName, PROJECT_NAME_MAX) }, scopeOf(team), LIMITS.privateMetadata);
}

/** The context of a view Radar opened for this team, or null (altered, made up, another team's). */
export function decodeContext(deps: Pick<RadarDeps, 'seals'>, team: string, privateMetadata: string | undefined): ModalContext | null {
  const parsed = modalContextSchema.safeParse(deps.seals.unseal(privateMetadata, scopeOf(team)));
  return parsed.success ? parsed.data : null;
}

/**
 * The context of a submitted view or options request when it may act now: sealed by Radar, opened by
 * this person, its channel still bound to its project, the project allowed. Else the sentence why not.
 */
export async function checkedContext(
  deps: Pick<RadarDeps, 'seals' | 'bindings' | 'config'>,
  where: { team: string; userId: string },
  privateMetadata: string | undefined,
): Promise<{ ctx: ModalContext } | { refusal: string }> {
  const ctx = decodeContext(deps, where.team, privateMetadata);
  if (!ctx || ctx.openedBy !== where.userId) return { refusal: FORGED_VALUE };
  const binding = await deps.bindings.get(where.team, ctx.channelId);
  if (binding?.projectId !== ctx.projectId) return { refusal: STALE_BINDING };
  if (!projectAllowed(deps.config, ctx.projectId)) return { refusal: projectRefusal(ctx.projectName) };
  return { ctx };
}
