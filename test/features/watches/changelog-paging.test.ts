/**
 * The content watch reads the changelog back to the earlier run it compares, paging on within a bound; when
 * the bound leaves entries unread it says so (issue 27: never read as complete when it is not).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayWords } from '../../../src/slack/blocks/index.js';
import { changelogCutChanges } from '../../../src/features/watches/changes/content.js';
import { CHANGELOG_PAGE, CHANGELOG_PAGES, readChangelog } from '../../../src/features/watches/reads.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/index.js';
import { startScriptedServer, type ScriptedServer } from '../../service/scripted-server.js';

/** Entry i (0 newest) is dated i hours before the start; every page says there is more. */
const START = Date.parse('2026-11-20T00:00:00Z');
const dateOf = (i: number) => new Date(START - i * 3_600_000).toISOString();

let server: ScriptedServer;
let client: ServiceClient;
beforeAll(async () => {
  server = await startScriptedServer((req) => {
    const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
    const items = Array.from({ length: CHANGELOG_PAGE }, (_, k) => {
      const i = (page - 1) * CHANGELOG_PAGE + k;
      return { competitorId: 'cmp_a', domain: 'acme.com', detectedAt: dateOf(i), categories: { blog: 1 } };
    });
    return { status: 200, json: { items, pagination: { page, limit: CHANGELOG_PAGE, total: 10_000, totalPages: 100, hasMore: true }, truncated: false } };
  });
  client = createServiceClient({ baseUrl: server.url, apiKey: 'svc_test', retry: false });
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('the content watch’s changelog read', () => {
  it('pages on until an entry at or before the earlier run, and stops there', async () => {
    server.requests.length = 0;
    const read = await readChangelog(client, 'prj_1', dateOf(150));
    expect(server.requests).toHaveLength(2);
    expect(read.rows).toHaveLength(200);
    expect(read.cutBefore).toBeNull();
    expect(changelogCutChanges(read.cutBefore, dateOf(150))).toEqual([]);
  });

  it('stops at the bound and says which changes were not read, never passing over them', async () => {
    server.requests.length = 0;
    const read = await readChangelog(client, 'prj_1', dateOf(5000));
    expect(server.requests).toHaveLength(CHANGELOG_PAGES);
    expect(read.cutBefore).toBe(dateOf(CHANGELOG_PAGE * CHANGELOG_PAGES - 1));
    const said = changelogCutChanges(read.cutBefore, dateOf(5000));
    expect(said).toHaveLength(1);
    expect(said[0]?.line).toContain(`changes before ${dayWords(dateOf(CHANGELOG_PAGE * CHANGELOG_PAGES - 1))} are not told here`);
    // A run compared after the cut needs nothing more said.
    expect(changelogCutChanges(read.cutBefore, dateOf(10))).toEqual([]);
  });
});
