/** What every part of the competitor card is: a title, and the lines it shows (mrkdwn, escaped). */
import type { ServiceClient } from '../../../service/index.js';
import type { CompetitorRef } from '../competitor-ref.js';

export interface CardPart {
  /** Radar's own label for the part ("Pricing"). */
  title: string;
  /** The `/radar` subcommand that shows this dimension in full. */
  command: string;
  /** Reads the part's one endpoint and says what it says about `ref`; throws when the read fails. */
  read(service: ServiceClient, projectId: string, ref: CompetitorRef): Promise<string[]>;
}
