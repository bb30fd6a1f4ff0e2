/** Content and its changelog read as facts (issue 27): through `readContent` and `readChangelog` (schemas/content.ts). */
import type { RawServiceClient } from '../raw-client.js';
import { readChangelog, readContent, type ChangelogFacts, type ContentFacts } from '../schemas/content.js';
import type { ContentChangelogQuery } from '../schemas/dimensions.js';

export function contentReads(raw: RawServiceClient) {
  return {
    /** GET .../content as the content reader's facts (rows, strategic URLs, gap lists). */
    contentFacts: async (projectId: string): Promise<ContentFacts> => readContent(await raw.getDimension(projectId, 'content')),
    /** One page of GET .../content/changelog as facts: its rows and the page's counts (what is whole, what is cut). */
    changelogFacts: async (projectId: string, query?: ContentChangelogQuery): Promise<ChangelogFacts> =>
      readChangelog(await raw.getContentChangelog(projectId, query)),
  };
}
