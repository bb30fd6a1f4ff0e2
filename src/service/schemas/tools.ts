/** The inline free tool: fetch-url (spec 2.10, 4.7). */
import * as z from 'zod';

/**
 * Fetch result. `body` and `contentType` are present when `bodyNeeded`; `headers` and
 * `headersAvailable` when `headersNeeded`. When header access is blocked `headersAvailable` is false
 * and `headers` is an empty object: branch on `headersAvailable`.
 */
export const fetchUrlResultSchema = z.looseObject({
  statusCode: z.number().int(),
  body: z.string().optional(),
  headers: z.record(z.string(), z.unknown()).optional(),
  headersAvailable: z.boolean().optional(),
  contentType: z.string().optional(),
  cleanStats: z.looseObject({}).optional(),
  finalUrl: z.string(),
  durationMs: z.number(),
});
export type FetchUrlResult = z.infer<typeof fetchUrlResultSchema>;

export interface FetchUrlBody {
  /** http or https, resolving to a public host. */
  url: string;
  bodyNeeded?: boolean;
  headersNeeded?: boolean;
  /** Only for text/html; requires `bodyNeeded`. */
  cleanHtml?: boolean;
  /** 1000 to 120000. */
  maxTimeoutMs?: number;
  /** 1024 to 104857600. */
  bodyMaxBytes?: number;
}
