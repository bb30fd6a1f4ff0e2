/**
 * Radar's installation: the one workspace (team, enterprise) and app it serves, learned at start
 * from `auth.test` through the app's own client (console mode: the local workspace answers it).
 *
 * `installationBoundary` is the first global middleware: a request for another team or another app
 * is acked with nothing done (HTTP 200, nothing posted; logged once per team), and a person of
 * another organisation (Slack Connect: the payload's user team differs) gets one sentence and only
 * `/radar help`.
 */
import type { AnyMiddlewareArgs, Middleware, webApi } from '@slack/bolt';
import type { Logger } from '../log.js';
import { escapeMrkdwn } from './blocks/text.js';
import { COMMAND } from './ids.js';

export interface Installation {
  teamId: string;
  /** The workspace's name, for the sentence people of other organisations read. */
  teamName: string;
  enterpriseId: string | null;
  /** Null when `auth.test` does not say (then `api_app_id` is not compared). */
  appId: string | null;
  botUserId: string | null;
  /** The bot's id (`B…`), which Bolt's ignoreSelf compares; absent when `auth.test` does not say. */
  botId?: string | null;
  /** An org-wide (Enterprise Grid) install: every workspace of `enterpriseId` is served (OAuth mode). */
  orgWide?: boolean;
}

/**
 * Who a request's installation is: single-workspace mode asks once (`installationOf`) whatever the
 * request; OAuth mode reads the installation `authorize` found for it (`oauth.ts`).
 */
export type InstallationResolver = (args: AnyMiddlewareArgs & { context?: Record<string, unknown> }) => Promise<Installation>;

/** Learns the installation once (retried after a failure); every caller shares the answer. */
export function installationOf(client: webApi.WebClient): () => Promise<Installation> {
  let learning: Promise<Installation> | undefined;
  return () => {
    learning ??= client.auth.test().then((r) => {
      if (!r.team_id) throw new Error('auth.test answered without a team_id');
      return {
        teamId: r.team_id,
        teamName: r.team ?? r.team_id,
        enterpriseId: r.enterprise_id ?? null,
        appId: r.app_id ?? null,
        botUserId: r.user_id ?? null,
        botId: r.bot_id ?? null,
      };
    });
    learning.catch(() => (learning = undefined));
    return learning;
  };
}

/** The sentence a person of another organisation reads. */
export function guestSentence(installation: Pick<Installation, 'teamName'>): string {
  return `Radar works only for people of ${escapeMrkdwn(installation.teamName)}; people from other organisations can use \`${COMMAND} help\` only.`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/**
 * Who and where a payload says it comes from (commands are form fields, the rest JSON payloads). An
 * event names the workspace it is delivered through as `context_team_id` (and its organisation as
 * `context_enterprise_id`): in a Slack Connect channel its `team_id` is the workspace where it
 * happened, which may be the other side's, so the delivering one is what is compared.
 */
export function payloadOrigin(body: Record<string, unknown>): { team?: string; enterprise?: string; app?: string; userTeam?: string } {
  const team = str(body.context_team_id) ?? str(body.team_id) ?? str(obj(body.team).id) ?? str(obj(body.view).team_id);
  const enterprise = str(body.context_enterprise_id) ?? str(body.enterprise_id) ?? str(obj(body.enterprise).id);
  const app = str(body.api_app_id);
  // Interactive payloads name the person's own team; commands do not always (docs/assumptions.md).
  const userTeam = str(obj(body.user).team_id) ?? str(body.user_team_id) ?? str(body.user_team);
  return { ...(team ? { team } : {}), ...(enterprise ? { enterprise } : {}), ...(app ? { app } : {}), ...(userTeam ? { userTeam } : {}) };
}

/** Whether a `/radar` text asks for help (all a person of another organisation may run). */
const isHelp = (text: string) => /^\s*(help\b.*)?$/i.test(text.replace(/--share\b/gi, ''));

const LOGGED_TEAMS_MAX = 1000;

export function installationBoundary(installation: InstallationResolver, logger: Logger): Middleware<AnyMiddlewareArgs> {
  const logged = new Set<string>();
  const logOnce = (key: string, message: string, fields: Record<string, unknown>) => {
    if (logged.has(key) || logged.size >= LOGGED_TEAMS_MAX) return;
    logged.add(key);
    logger.warn(message, fields);
  };
  return async (args) => {
    const { body, next } = args;
    const ack = (args as { ack?: (response?: unknown) => Promise<void> }).ack;
    const respond = (args as { respond?: (message: unknown) => Promise<unknown> }).respond;
    const record = obj(body);
    const type = str(record.type) ?? (str(record.command) ? 'command' : 'event');
    // Slack's own URL check and the like carry no team: Bolt answers them.
    if (type === 'url_verification' || type === 'ssl_check') return next();

    let me: Installation;
    try {
      me = await installation(args as AnyMiddlewareArgs & { context?: Record<string, unknown> });
    } catch (error) {
      // Without knowing who Radar is, nothing is served (fail closed); the ack keeps Slack from retrying.
      logger.warn('refused a request: Radar could not learn its own installation (auth.test)', { error });
      await ack?.();
      return;
    }

    const origin = payloadOrigin(record);
    // An org-wide install serves every workspace of its organisation: the enterprise must match.
    const otherTeam = me.orgWide
      ? origin.enterprise !== me.enterpriseId
      : origin.team !== me.teamId || (me.enterpriseId !== null && origin.enterprise !== undefined && origin.enterprise !== me.enterpriseId);
    const otherApp = me.appId !== null && origin.app !== undefined && origin.app !== me.appId;
    if (!origin.team || otherTeam || otherApp) {
      logOnce(`team:${origin.team ?? '?'}:${origin.app ?? '?'}`, 'refused a request for another team or app (nothing done)', {
        team: origin.team ?? null,
        app: origin.app ?? null,
        type,
      });
      await ack?.();
      return;
    }

    // (Org-wide: a person of another workspace of the same organisation is not a guest; payloads
    // do not name a person's enterprise, so no guest check there: docs/assumptions.md.)
    if (!me.orgWide && origin.userTeam !== undefined && origin.userTeam !== me.teamId) {
      logOnce(`guest:${origin.userTeam}`, 'a person of another organisation (Slack Connect) used Radar', { userTeam: origin.userTeam, type });
      const sentence = guestSentence(me);
      if (type === 'command') {
        if (isHelp(str(record.text) ?? '')) return next();
        await ack?.();
        await respond?.({ response_type: 'ephemeral', text: sentence }).catch((error: unknown) => logger.info('could not tell a guest', { error }));
        return;
      }
      if (type === 'block_suggestion') {
        await ack?.({ options: [] });
        return;
      }
      if (type === 'view_submission') {
        await ack?.({ response_action: 'update', view: noticeModal(sentence) });
        return;
      }
      await ack?.();
      await respond?.({ response_type: 'ephemeral', replace_original: false, text: sentence }).catch((error: unknown) => logger.info('could not tell a guest', { error }));
      return;
    }
    return next();
  };
}

function noticeModal(sentence: string) {
  return {
    type: 'modal' as const,
    title: { type: 'plain_text' as const, text: 'Radar' },
    close: { type: 'plain_text' as const, text: 'Close' },
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${sentence}` } }],
  };
}
