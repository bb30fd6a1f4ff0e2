/**
 * The fake Slack's side of installs from a link (issue 32): `oauth.v2.access` exchanging a code a
 * test granted (`grant`) for a bot token of that workspace, and, with token rotation on, refreshing
 * it (`grant_type=refresh_token`: each refresh token works once, as a rotated one does); `auth.test`
 * answers for the workspace a token belongs to, and `auth.teams.list` the workspaces its grant
 * covers (an org-wide grant's `teamIds`; a workspace grant's own), paged with `cursor` and
 * `response_metadata.next_cursor` as Slack does. Client id and secret are checked as Slack does.
 */
import { integerArg, stringArg } from './args.js';
import { WebApiRejection } from './errors.js';
import type { WebApiArgs } from './types.js';
import type { MessageAuthor } from './workspace.js';

export interface LocalGrant {
  teamId: string;
  teamName: string;
  /** Org-wide installs: the enterprise, with `orgWide` true (then the answer's `team` is null). */
  enterpriseId?: string;
  orgWide?: boolean;
  /** Org-wide installs: the workspaces of the organisation the grant covers (`auth.teams.list`); default the installing one. */
  teamIds?: string[];
  appId?: string;
  botUserId?: string;
  /** Who installed (the authed user). */
  userId?: string;
  /** Token rotation: the bot token lives this many seconds and comes with a refresh token. */
  expiresInS?: number;
  /** The lifetime of tokens a refresh issues (default `expiresInS`; Slack's is 12 hours). */
  refreshedExpiresInS?: number;
}

export interface LocalOAuthOptions {
  clientId: string;
  clientSecret: string;
}

interface Issued {
  grant: LocalGrant;
  token: string;
}

export class LocalOAuth {
  private readonly codes = new Map<string, LocalGrant>();
  private readonly tokens = new Map<string, LocalGrant>();
  private readonly refreshTokens = new Map<string, LocalGrant>();
  private issuedCount = 0;
  /** Every successful refresh, in order: which refresh token was spent. */
  readonly refreshes: string[] = [];
  /** Every refresh asked for, refused ones too (a refresh token spent twice). */
  readonly refreshAttempts: string[] = [];

  constructor(private readonly options: LocalOAuthOptions) {}

  /** Makes `code` exchangeable once for an installation of `grant`'s workspace. */
  grant(code: string, grant: LocalGrant): void {
    this.codes.set(code, grant);
  }

  /** A bot token for `grant`'s workspace as an install would issue it, without the code exchange (benches writing installations straight to the store). */
  install(grant: LocalGrant): string {
    return this.issue(grant).token;
  }

  /** The workspace a token was issued for; undefined for tokens this fake did not issue. */
  grantOf(token: string): LocalGrant | undefined {
    return this.tokens.get(token);
  }

  /** Every bot token issued for `teamId` (or enterprise), oldest first. */
  tokensOf(teamOrEnterprise: string): string[] {
    return [...this.tokens.entries()].filter(([, g]) => g.teamId === teamOrEnterprise || g.enterpriseId === teamOrEnterprise).map(([t]) => t);
  }

  /** Stops a token (and its refresh tokens) working, as an uninstall does. */
  revoke(teamOrEnterprise: string): void {
    for (const map of [this.tokens, this.refreshTokens]) {
      for (const [token, grant] of map) if (grant.teamId === teamOrEnterprise || grant.enterpriseId === teamOrEnterprise) map.delete(token);
    }
  }

  private issue(grant: LocalGrant): Issued & { refresh?: string } {
    const n = ++this.issuedCount;
    const token = `xoxb-${grant.enterpriseId && grant.orgWide ? grant.enterpriseId : grant.teamId}-${n}`;
    this.tokens.set(token, grant);
    if (grant.expiresInS === undefined) return { grant, token };
    const refresh = `xoxe-1-${grant.teamId}-${n}`;
    this.refreshTokens.set(refresh, grant);
    return { grant, token, refresh };
  }

  access(args: WebApiArgs): Record<string, unknown> {
    if (stringArg(args, 'client_id') !== this.options.clientId) throw new WebApiRejection('invalid_client_id');
    if (stringArg(args, 'client_secret') !== this.options.clientSecret) throw new WebApiRejection('bad_client_secret');
    if (stringArg(args, 'grant_type') === 'refresh_token') {
      const spent = stringArg(args, 'refresh_token') ?? '';
      this.refreshAttempts.push(spent);
      const grant = this.refreshTokens.get(spent);
      if (!grant) throw new WebApiRejection('invalid_refresh_token');
      this.refreshTokens.delete(spent);
      this.refreshes.push(spent);
      const renewed: LocalGrant = { ...grant, expiresInS: grant.refreshedExpiresInS ?? grant.expiresInS };
      const issued = this.issue(renewed);
      return { token_type: 'bot', access_token: issued.token, refresh_token: issued.refresh, expires_in: renewed.expiresInS, app_id: grant.appId ?? 'A0RADAR001' };
    }
    const code = stringArg(args, 'code') ?? '';
    const grant = this.codes.get(code);
    if (!grant) throw new WebApiRejection('invalid_code');
    this.codes.delete(code);
    const issued = this.issue(grant);
    return {
      app_id: grant.appId ?? 'A0RADAR001',
      authed_user: { id: grant.userId ?? 'U0INSTALLER' },
      scope: 'commands,chat:write,users:read,channels:history,groups:history,channels:read,groups:read',
      token_type: 'bot',
      access_token: issued.token,
      bot_user_id: grant.botUserId ?? 'U0RADARBOT',
      team: grant.orgWide ? null : { id: grant.teamId, name: grant.teamName },
      enterprise: grant.enterpriseId ? { id: grant.enterpriseId, name: `${grant.teamName} Grid` } : null,
      is_enterprise_install: grant.orgWide === true,
      ...(issued.refresh ? { refresh_token: issued.refresh, expires_in: grant.expiresInS } : {}),
    };
  }

  /** `auth.teams.list` for a token this fake issued; undefined for any other. */
  teamsList(token: string, args: WebApiArgs): Record<string, unknown> | undefined {
    const grant = this.tokens.get(token);
    if (!grant) return undefined;
    const ids = grant.orgWide ? (grant.teamIds ?? [grant.teamId]) : [grant.teamId];
    const limit = integerArg(args, 'limit', 100);
    if (limit < 1 || limit > 1000) throw new WebApiRejection('invalid_limit');
    const cursor = stringArg(args, 'cursor');
    const start = cursor ? Number.parseInt(Buffer.from(cursor, 'base64').toString('utf8').replace(/^team:/, ''), 10) : 0;
    if (!Number.isInteger(start) || start < 0 || start > ids.length) throw new WebApiRejection('invalid_cursor');
    const page = ids.slice(start, start + limit);
    const next = start + limit < ids.length ? Buffer.from(`team:${start + limit}`).toString('base64') : '';
    return {
      teams: page.map((id) => ({ id, name: id === grant.teamId ? grant.teamName : id })),
      response_metadata: { next_cursor: next },
    };
  }

  /** Who posts with a token this fake issued (the bot `authTest` names); undefined for any other. */
  authorOf(token: string): MessageAuthor | undefined {
    const grant = this.tokens.get(token);
    if (!grant) return undefined;
    return { botId: `B${grant.teamId}`, botUserId: grant.botUserId ?? 'U0RADARBOT', teamId: grant.teamId, appId: grant.appId ?? 'A0RADAR001' };
  }

  /** `auth.test` for a token this fake issued; undefined for any other (the local workspace answers). */
  authTest(token: string): Record<string, unknown> | undefined {
    const grant = this.tokens.get(token);
    if (!grant) return undefined;
    return {
      url: `https://${grant.teamId.toLowerCase()}.slack.com/`,
      team: grant.teamName,
      user: 'radar',
      team_id: grant.teamId,
      user_id: grant.botUserId ?? 'U0RADARBOT',
      bot_id: `B${grant.teamId}`,
      app_id: grant.appId ?? 'A0RADAR001',
      ...(grant.enterpriseId ? { enterprise_id: grant.enterpriseId } : {}),
      is_enterprise_install: grant.orgWide === true,
    };
  }
}
