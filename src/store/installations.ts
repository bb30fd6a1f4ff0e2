/**
 * Slack installations (issue 32, OAuth mode): a Bolt `InstallationStore` on Radar's store, one
 * record per installation: an org-wide (Enterprise Grid) install under `enterprise:<id>`, any other
 * under `team:<id>`. The bot, user and refresh tokens are sealed (AES-256-GCM, `crypto.ts`), each
 * bound to its record's key; the rest (ids, names, scopes, expiry) is kept as Slack gave it, so an
 * installation can be listed and explained without opening a secret. A record read through the
 * previous key is sealed afresh on its next write (a token refresh, a reinstall).
 *
 * Records stay until the app is uninstalled or its tokens revoked (`features/installations`).
 */
import type { Installation, InstallationQuery, InstallationStore } from '@slack/bolt';
import * as z from 'zod';
import type { Store } from './backends/store.js';
import type { SecretBox } from './crypto.js';

export const INSTALLATIONS_NAMESPACE = 'installations';

/** The record key of an installation or a query: the enterprise for org-wide installs, else the team. */
export function installationKey(where: { enterpriseId?: string | undefined; teamId?: string | undefined; isEnterpriseInstall?: boolean | undefined }): string {
  if (where.isEnterpriseInstall && where.enterpriseId) return `enterprise:${where.enterpriseId}`;
  if (where.teamId) return `team:${where.teamId}`;
  throw new Error('an installation needs a team id, or an enterprise id when it is org-wide');
}

/** What a stored record must hold; everything else Slack gave is kept as it is. */
const sealedTokens = z.looseObject({ token: z.string().optional(), refreshToken: z.string().optional() });
const recordSchema = z.looseObject({
  sealed: z.literal(true),
  installedAt: z.string(),
  installation: z.looseObject({ bot: sealedTokens.optional(), user: sealedTokens.optional() }),
});
type StoredRecord = z.output<typeof recordSchema>;

export interface InstallationSummary {
  key: string;
  teamId: string | null;
  teamName: string | null;
  enterpriseId: string | null;
  isEnterpriseInstall: boolean;
  installedAt: string;
}

export interface RadarInstallationStore extends Required<InstallationStore> {
  /** The installation of a key (`installationKey`), tokens opened; undefined when absent. */
  get(key: string): Promise<Installation | undefined>;
  /** Removes the installation; resolves false when there was none. */
  remove(key: string): Promise<boolean>;
  /** Every installation, without a token (for the log, the doctor and privacy answers). */
  list(): Promise<InstallationSummary[]>;
}

type TokenHolder = { token?: string | undefined; refreshToken?: string | undefined };

function mapTokens(installation: Record<string, unknown>, change: (value: string, field: string) => string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...installation };
  for (const who of ['bot', 'user'] as const) {
    const holder = installation[who] as TokenHolder | undefined;
    if (!holder || typeof holder !== 'object') continue;
    const next: TokenHolder = { ...holder };
    for (const field of ['token', 'refreshToken'] as const) {
      const value = holder[field];
      if (typeof value === 'string') next[field] = change(value, `${who}.${field}`);
    }
    copy[who] = next;
  }
  return copy;
}

export function createInstallationStore(store: Store, box: SecretBox, options: { now?: () => Date } = {}): RadarInstallationStore {
  const now = options.now ?? (() => new Date());
  // Each token is bound to its record and field: a token copied to another team's record does not open.
  const context = (key: string, field: string) => `radar-installation:${key}:${field}`;

  const parse = (key: string, value: unknown): StoredRecord | undefined => {
    if (value === undefined) return undefined;
    const result = recordSchema.safeParse(value);
    if (!result.success) {
      store.logger.warn('a stored installation cannot be read; it is treated as absent', { key });
      return undefined;
    }
    return result.data;
  };

  const open = (key: string, record: StoredRecord): Installation =>
    mapTokens(record.installation, (value, field) => box.open(value, context(key, field))) as unknown as Installation;

  const get = async (key: string): Promise<Installation | undefined> => {
    const record = parse(key, await store.keyv(INSTALLATIONS_NAMESPACE).get(key));
    return record ? open(key, record) : undefined;
  };

  const remove = async (key: string): Promise<boolean> =>
    (await store.update<unknown>(INSTALLATIONS_NAMESPACE, key, (current) => (current === undefined ? undefined : null))).written;

  return {
    async storeInstallation(installation) {
      const key = installationKey({
        enterpriseId: installation.enterprise?.id,
        teamId: installation.team?.id,
        isEnterpriseInstall: installation.isEnterpriseInstall === true,
      });
      // Sealed afresh with the current key on every write (a record read through the previous key too).
      const sealed = mapTokens(installation as unknown as Record<string, unknown>, (value, field) => box.seal(value, context(key, field)));
      await store.update<unknown>(INSTALLATIONS_NAMESPACE, key, (current) => {
        const installedAt = parse(key, current)?.installedAt ?? now().toISOString();
        return { sealed: true, installedAt, installation: sealed } satisfies StoredRecord;
      });
    },
    async fetchInstallation(query: InstallationQuery<boolean>) {
      // An org-wide install answers for every workspace of its organisation.
      const keys = [
        ...(query.isEnterpriseInstall && query.enterpriseId ? [`enterprise:${query.enterpriseId}`] : []),
        ...(query.teamId ? [`team:${query.teamId}`] : []),
        ...(!query.isEnterpriseInstall && query.enterpriseId ? [`enterprise:${query.enterpriseId}`] : []),
      ];
      for (const key of keys) {
        const found = await get(key);
        if (!found) continue;
        // An enterprise record answers a workspace query only when it is an org-wide install.
        if (key.startsWith('enterprise:') && found.isEnterpriseInstall !== true) continue;
        return found;
      }
      throw new Error(`no installation for ${query.enterpriseId ? `enterprise ${query.enterpriseId}, ` : ''}team ${query.teamId ?? '(none)'}`);
    },
    async deleteInstallation(query: InstallationQuery<boolean>) {
      await remove(installationKey(query));
    },
    get,
    remove,
    async list() {
      const found: InstallationSummary[] = [];
      for (const { key, value } of await store.entries<unknown>(INSTALLATIONS_NAMESPACE)) {
        const record = parse(key, value);
        if (!record) continue;
        const i = record.installation as { team?: { id?: string; name?: string }; enterprise?: { id?: string }; isEnterpriseInstall?: boolean };
        found.push({
          key,
          teamId: i.team?.id ?? null,
          teamName: i.team?.name ?? null,
          enterpriseId: i.enterprise?.id ?? null,
          isEnterpriseInstall: i.isEnterpriseInstall === true,
          installedAt: record.installedAt,
        });
      }
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}
