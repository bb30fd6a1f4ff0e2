/**
 * An uninstall leaves nothing of the team in the store (issue 32): after a workspace installed,
 * connected its key, bound a channel, turned its digest on and had its board read by the follow
 * poller (its own snapshot, `<team>:<project>` in `follow-board`), `app_uninstalled` removes every
 * row of the SQLite store that names the team, in its key or its value, while the other
 * workspace's rows stay. The test reads the store's table whole: every namespace, listed or not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { FOLLOW_BOARD_NAMESPACE } from '../../../src/features/follows/board-poller.js';
import { answerTo, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { replyText } from '../../support/radar-harness.js';
import { CHANNELS, SLACK_USERS, USERS } from '../../support/slack-fixtures.js';
import { CLIENT, connectKey, installThroughBrowser, startOAuthRadar, type OAuthRadar } from './oauth-support.js';

const GONE = { teamId: 'T0GONE0001', teamName: 'Leaving' };
const STAYS = { teamId: 'T0STAY0002', teamName: 'Staying' };

describe('an uninstall leaves nothing of the team in the store', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  let dir: string;
  let path: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack({ oauth: CLIENT, users: { [USERS.alice]: { ...SLACK_USERS[USERS.alice]!, is_admin: true } } });
    dir = mkdtempSync(join(tmpdir(), 'radar-uninstall-'));
    path = join(dir, 'radar.sqlite');
    r = await startOAuthRadar({ sandbox, slack, storeUrl: `sqlite://${path}`, apiKey: null });
  });
  afterAll(async () => {
    await r?.stop();
    await slack?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every row of the store's table (every namespace), as the file holds it. */
  function rows(): { key: string; value: string }[] {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare('SELECT key, value FROM keyv').all() as { key: string; value: string }[];
    } finally {
      db.close();
    }
  }
  const naming = (all: { key: string; value: string }[], teamId: string) => all.filter((row) => row.key.includes(teamId) || row.value.includes(teamId)).map((row) => row.key);

  it("removes every row naming the team, the follow board's snapshots too, and leaves the other workspace's", async () => {
    for (const team of [GONE, STAYS]) {
      expect((await installThroughBrowser(r.radar.url ?? '', slack, team)).status).toBe(200);
      await connectKey(r, slack, team.teamId, USERS.alice, sandbox.keys.readWrite);
      expect(replyText(await answerTo(slack, await r.driver.command('bind northwind', { team: team.teamId, channel: CHANNELS.general })))).toMatch(/northwind/i);
      await answerTo(slack, await r.driver.command('digest on', { team: team.teamId, channel: CHANNELS.general }));
    }
    await r.radar.workers.find((w) => w.name === 'follow-poller')?.tick?.();
    const before = rows();
    const gone = naming(before, GONE.teamId);
    // What the test set up is there, the per-team board snapshot among it.
    const projectId = (await r.radar.deps.bindings.get(GONE.teamId, CHANNELS.general))?.projectId ?? '';
    expect(gone).toContain(`${r.radar.deps.config.storePrefix}${FOLLOW_BOARD_NAMESPACE}:${GONE.teamId}:${projectId}`);
    expect(gone.length).toBeGreaterThanOrEqual(5);
    const stays = naming(before, STAYS.teamId);

    slack.oauth?.revoke(GONE.teamId);
    await r.driver.event({ type: 'app_uninstalled' }, { team: GONE.teamId });
    await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled') && l.team === GONE.teamId);

    const after = rows();
    expect(naming(after, GONE.teamId)).toEqual([]);
    expect(naming(after, STAYS.teamId).sort()).toEqual(expect.arrayContaining(stays.filter((key) => !isSeenOnce(key)).sort()));
  });
});

/** Seen-once marks (replayed deliveries) may name a team in their key and expire on their own. */
function isSeenOnce(key: string): boolean {
  return /(^|[-:])(slack-seen|notify-claims)[:]/.test(key);
}
