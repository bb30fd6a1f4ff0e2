/**
 * What a ticket or comment modal remembers between opening and submit, kept in the view's
 * `private_metadata` (at most 3,000 characters): the project and the message it came from.
 */
import { z } from 'zod';
import { LIMITS, truncate } from '../../slack/blocks/index.js';

const modalContextSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  channelId: z.string(),
  messageTs: z.string(),
  threadTs: z.string().optional(),
  permalink: z.string().optional(),
});
export type ModalContext = z.infer<typeof modalContextSchema>;

/** The longest project name kept; the rest of the context is ids and one URL. */
const PROJECT_NAME_MAX = 200;

export function encodeContext(context: ModalContext): string {
  const encoded = JSON.stringify({ ...context, projectName: truncate(context.projectName, PROJECT_NAME_MAX) });
  if (encoded.length > LIMITS.privateMetadata) throw new Error(`modal context is ${encoded.length} characters, over Slack's ${LIMITS.privateMetadata}`);
  return encoded;
}

/** The context of a submitted view; throws when the metadata is not Radar's. */
export function decodeContext(privateMetadata: string | undefined): ModalContext {
  return modalContextSchema.parse(JSON.parse(privateMetadata ?? ''));
}
