/**
 * Fair use of the one API key (a shared module: no Feature): how many scans one person, and one
 * channel, may have running at once (`SCAN_LIMIT_PER_PERSON`, default 5; `SCAN_LIMIT_PER_CHANNEL`,
 * default 20). `/radar scan` and `/radar fetch` (a fetch counts like a scan start) both admit here.
 *
 * Counted from the store, so the limits hold across replicas and restarts: the pending scans (started
 * and followed), plus the starts under way, each a short-lived token under `scan-starts` written
 * with `store.update` (atomic), so two hundred simultaneous starts cannot all see "none running".
 * A start first takes a token if the tokens alone leave room, then counts pending scans plus tokens
 * again. A scan recorded as pending names the token it was admitted with and keeps it until the
 * command lets go of it; while that token is live the scan is counted by it alone (counted twice,
 * five simultaneous starts used to refuse two of themselves: a person at "5 running" had 3). A
 * token left by a replica that died mid-start expires after a minute.
 */
import type { RadarDeps } from '../../deps.js';
import { UserError } from '../../slack/error-text.js';
import { SCAN_STARTS_NAMESPACE as NAMESPACE, type PendingScan } from '../../store/pending-scans.js';

/** A start that takes longer than this (the spec: scan starts return within a second) no longer counts. */
const START_TTL_MS = 60_000;

/** Starts under way in one scope: token -> when it stops counting (epoch ms). */
type Starting = Record<string, number>;

export interface ScanStarter {
  teamId: string;
  userId: string;
  channelId: string;
}

interface Scope {
  key: string;
  limit: number;
  running: (scan: PendingScan) => boolean;
  refusal: (limit: number) => string;
}

const plural = (n: number) => (n === 1 ? '1 scan' : `${n} scans`);
const AFTER = 'try again when one finishes (usually within a minute).';

export const personRefusal = (limit: number) => `You have ${plural(limit)} running; ${AFTER}`;
export const channelRefusal = (limit: number) => `This channel has ${plural(limit)} running; ${AFTER}`;

function scopesOf(deps: Pick<RadarDeps, 'config'>, who: ScanStarter): Scope[] {
  const { perPerson, perChannel } = deps.config.scanLimits;
  return [
    {
      key: `person:${who.teamId}:${who.userId}`,
      limit: perPerson,
      running: (s) => s.teamId === who.teamId && s.startedBy === who.userId,
      refusal: personRefusal,
    },
    {
      key: `channel:${who.teamId}:${who.channelId}`,
      limit: perChannel,
      running: (s) => s.teamId === who.teamId && s.channelId === who.channelId,
      refusal: channelRefusal,
    },
  ];
}

const live = (starting: Starting | undefined, nowMs: number) => Object.entries(starting ?? {}).filter(([, until]) => until > nowMs);

/** Scans of `pending` running in `scope`, less those still counted by their start's live token. */
function runningIn(scope: Scope, pending: readonly PendingScan[], starting: readonly [string, number][]): number {
  const startingTokens = new Set(starting.map(([t]) => t));
  return pending.filter((scan) => scope.running(scan) && !(scan.admission !== undefined && startingTokens.has(scan.admission))).length;
}

/**
 * Admits one scan start for `who`, or throws a `UserError` with the sentence to answer. Resolves to
 * its `token` (recorded with the pending scan, `admission`) and `release`, to call once the scan is
 * recorded as pending (or did not start).
 */
export async function admitScan(
  deps: Pick<RadarDeps, 'config' | 'store' | 'pendingScans' | 'now'>,
  who: ScanStarter,
): Promise<{ token: string; release(): Promise<void> }> {
  const token = `${deps.now().getTime().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const scopes = scopesOf(deps, who);
  const taken: Scope[] = [];

  const release = async () => {
    for (const scope of taken.splice(0)) {
      await deps.store.update<Starting>(NAMESPACE, scope.key, (current) => {
        if (!current || !(token in current)) return undefined;
        const rest = Object.fromEntries(live(current, deps.now().getTime()).filter(([t]) => t !== token));
        return Object.keys(rest).length === 0 ? null : rest;
      });
    }
  };
  const refuse = async (sentence: string): Promise<never> => {
    await release().catch(() => undefined);
    throw new UserError(sentence);
  };

  // 0. A scope already full with scans running alone refuses at once, writing nothing: a person
  //    flooding starts past the limit costs one read a command, not four writes on the store.
  const runningBefore = await deps.pendingScans.listAll();
  for (const scope of scopes) {
    if (runningBefore.filter(scope.running).length >= scope.limit) throw new UserError(scope.refusal(scope.limit));
  }

  // 1. A token per scope, when the scans running (as read in 0) and the starts under way leave room.
  //    Counting the running scans here, not only the tokens, keeps a token from being taken by a
  //    start that 2 would refuse anyway: such tokens, while they lived, used to refuse starts that
  //    did fit, so a burst could end with four scans of five running and every other start refused.
  for (const scope of scopes) {
    let full = false;
    await deps.store.update<Starting>(NAMESPACE, scope.key, (current) => {
      const nowMs = deps.now().getTime();
      const starting = live(current, nowMs);
      full = runningIn(scope, runningBefore, starting) + starting.length >= scope.limit;
      return full ? undefined : Object.fromEntries([...starting, [token, nowMs + START_TTL_MS]]);
    });
    if (full) return refuse(scope.refusal(scope.limit));
    taken.push(scope);
  }

  // 2. The scans running now, plus the starts under way (this one included), against each limit: a
  //    scan recorded since 0 counts here.
  const pending = await deps.pendingScans.listAll();
  const tokens = deps.store.keyv(NAMESPACE);
  for (const scope of scopes) {
    const starting = live((await tokens.get(scope.key)) as Starting | undefined, deps.now().getTime());
    if (runningIn(scope, pending, starting) + starting.length > scope.limit) return refuse(scope.refusal(scope.limit));
  }
  return { token, release };
}
