/** AI sources reads (spec 4.4): they exist, but parameters and payloads are not shown. */
import * as z from 'zod';
import { looseRecordSchema, paginationSchema } from './common.js';

export const aiSourcesReadSchema = looseRecordSchema;
export type AiSourcesRead = z.infer<typeof aiSourcesReadSchema>;

export const aiSourcesHistorySchema = z.looseObject({
  items: z.array(looseRecordSchema),
  pagination: paginationSchema,
});
export type AiSourcesHistory = z.infer<typeof aiSourcesHistorySchema>;
