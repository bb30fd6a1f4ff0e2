/**
 * Configuration, parsed once at start from a passed-in env (probot's `readEnvOptions(env)` habit).
 * A bad or missing value becomes a `ConfigError` whose message is one line naming the variable.
 */
import { isIP } from 'node:net';
import * as z from 'zod';
import { LOG_LEVELS, type LogLevel } from './log.js';
import { DEFAULT_TIMING, type Timing } from './timing.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './service/retry.js';
import { parseEncryptionKey } from './store/crypto.js';

export type RunMode = 'http' | 'socket' | 'console';

export interface Config {
  mode: RunMode;
  /**
   * null: no service configured; Radar starts the built-in sandbox with its demo data. `apiKey` is
   * null only in OAuth mode, where each workspace brings its own key and `/healthz` probes the
   * service's health endpoint (which needs no key) without one.
   */
  service: { baseUrl: string; apiKey: string | null } | null;
  slack: {
    botToken: string | null;
    signingSecret: string | null;
    appToken: string | null;
    apiUrl: string;
  };
  /**
   * Install from a link (issue 32): set by SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET
   * beside SLACK_SIGNING_SECRET, HTTP mode only; null: single-workspace mode (SLACK_BOT_TOKEN).
   */
  oauth: { clientId: string; clientSecret: string; stateSecret: string } | null;
  /** RADAR_ENCRYPTION_KEY (and the previous key while rotating): seals tokens at rest; null when unset. */
  encryption: { current: Buffer; previous: Buffer | null } | null;
  port: number;
  storeUrl: string;
  /** Prepended to every store key and lease name; '' when unset. */
  storePrefix: string;
  /**
   * How background pollers run: one replica under a lease, or as BullMQ jobs any replica takes (Redis
   * only). BACKGROUND_JOBS, else `bullmq` on a redis:// store and `in-process` otherwise.
   */
  backgroundJobs: 'in-process' | 'bullmq';
  logLevel: LogLevel;
  digestIntervalSeconds: number;
  /** How often watched dimensions' run histories are checked (src/features/watches/). */
  watchIntervalSeconds: number;
  /** How often the follow poller reads each followed project's board (src/features/follows/). */
  followIntervalSeconds: number;
  /** How often scheduled reports are looked for (src/features/reports/): a report goes within this of its time. */
  reportIntervalSeconds: number;
  /** Speed of the built-in sandbox (only used when `service` is null). */
  sandboxSpeed: number;
  /** House style of the built-in sandbox's answers where the spec is silent (src/sandbox/style/). */
  sandboxStyle: 'default' | 'alt';
  /**
   * Optional tuning (RADAR_TIMING, RADAR_SERVICE_RETRY): overrides of background intervals and
   * leases, and of the service client's backoff. Process tests start the real entry with shorter ones.
   */
  tuning: { timing: Partial<Timing>; serviceRetry: Partial<RetryPolicy> };
  /** Who may do what (docs/operating.md, "Access"); unset lists mean no restriction. */
  access: {
    /** Slack user ids who may bind, unbind and turn digests on or off; null: everyone in the workspace. */
    admins: string[] | null;
    /** Project ids Radar may bind to or read with `--project`; null: every project the key sees. */
    projectsAllowed: string[] | null;
  };
  /** Every secret value, for the logger's redaction list. */
  secrets: string[];
  /**
   * The HTTP edge's fair shares (`src/slack/receivers/connection-shares.ts`): connections one client
   * address may have served at once (0: off), and the trusted proxies whose X-Forwarded-For is read.
   */
  edge: { connectionsPerClient: number; trustedProxies: string[] };
  /** Fair use: scans running at once per person and per channel (`/radar scan` refuses past them). */
  scanLimits: { perPerson: number; perChannel: number };
  /**
   * Which defaults the environment overrode (absent: treat as set). Console mode writes logs to a
   * file unless LOG_LEVEL is set; the built-in sandbox gets a store of its own unless STORE_URL is.
   */
  explicit?: { logLevel: boolean; storeUrl: boolean };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());
const httpUrl = z.url({ protocol: /^https?$/ });

/** A JSON object of non-negative numbers whose keys are among `defaults`' (or blank: no overrides). */
function tuningOf<T extends object>(defaults: T) {
  const keys = Object.keys(defaults);
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string' || v.trim() === '') return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return null;
      }
    },
    z.record(z.string().refine((key) => keys.includes(key)), z.number().finite().min(0)),
  );
}

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const VARIABLES = {
  SVC_BASE_URL: { schema: z.preprocess(blankToUndefined, httpUrl.optional()), expects: 'an http(s) URL of the monitoring service' },
  SVC_API_KEY: { schema: optionalText, expects: 'the service API key' },
  SLACK_BOT_TOKEN: { schema: z.preprocess(blankToUndefined, z.string().startsWith('xoxb-').optional()), expects: 'a bot token starting with xoxb-' },
  SLACK_SIGNING_SECRET: { schema: optionalText, expects: "the app's signing secret" },
  SLACK_APP_TOKEN: { schema: z.preprocess(blankToUndefined, z.string().startsWith('xapp-').optional()), expects: 'an app-level token starting with xapp-' },
  SLACK_API_URL: { schema: z.preprocess(blankToUndefined, httpUrl.default('https://slack.com/api/')), expects: 'an http(s) URL such as https://slack.com/api/' },
  SLACK_CLIENT_ID: { schema: optionalText, expects: "the app's client id (Basic Information), for installs from a link" },
  SLACK_CLIENT_SECRET: { schema: optionalText, expects: "the app's client secret (Basic Information)" },
  SLACK_STATE_SECRET: {
    schema: z.preprocess(blankToUndefined, z.string().trim().min(32).optional()),
    expects: 'a random secret of at least 32 characters (signs the OAuth state), e.g. from `openssl rand -hex 32`',
  },
  RADAR_ENCRYPTION_KEY: {
    schema: z.preprocess(blankToUndefined, z.string().refine((v) => parseEncryptionKey(v) !== null).optional()),
    expects: '32 random bytes as 64 hex digits or base64, e.g. from `openssl rand -base64 32`',
  },
  RADAR_ENCRYPTION_KEY_PREVIOUS: {
    schema: z.preprocess(blankToUndefined, z.string().refine((v) => parseEncryptionKey(v) !== null).optional()),
    expects: 'the key RADAR_ENCRYPTION_KEY replaced (32 bytes as 64 hex digits or base64), read while records are sealed afresh',
  },
  PORT: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)), expects: 'a port number from 0 to 65535' },
  STORE_URL: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^(sqlite|redis|rediss):\/\/.+/).default('sqlite://data/radar.sqlite')),
    expects: 'sqlite://<path> or redis://<host>:<port>',
  },
  STORE_PREFIX: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9-]{1,40}$/).optional()),
    expects: 'letters, digits and dashes (at most 40), to keep several Radar installations apart in one Redis',
  },
  BACKGROUND_JOBS: {
    schema: z.preprocess(blankToUndefined, z.enum(['in-process', 'bullmq']).optional()),
    expects: 'in-process (one replica polls, under a lease) or bullmq (replicas sharing a redis:// STORE_URL split each cycle as BullMQ jobs; the default on Redis)',
  },
  LOG_LEVEL: { schema: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')), expects: `one of ${LOG_LEVELS.join(', ')}` },
  DIGEST_INTERVAL_SECONDS: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(600)), expects: 'a whole number of seconds, at least 1' },
  WATCH_INTERVAL_SECONDS: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(600)), expects: 'a whole number of seconds, at least 1' },
  FOLLOW_INTERVAL_SECONDS: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(300)), expects: 'a whole number of seconds, at least 1' },
  REPORT_INTERVAL_SECONDS: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(300)), expects: 'a whole number of seconds, at least 1' },
  SVC_SANDBOX: {
    schema: z.preprocess(blankToUndefined, z.enum(['0', '1', 'true', 'false']).optional()),
    expects: '1 to run Slack against the built-in demo sandbox (0 or unset: refuse to)',
  },
  RADAR_TIMING: {
    schema: tuningOf(DEFAULT_TIMING),
    expects: `a JSON object of non-negative numbers keyed by ${Object.keys(DEFAULT_TIMING).join(', ')}`,
  },
  RADAR_SERVICE_RETRY: {
    schema: tuningOf(DEFAULT_RETRY_POLICY),
    expects: `a JSON object of non-negative numbers keyed by ${Object.keys(DEFAULT_RETRY_POLICY).join(', ')}`,
  },
  RADAR_ADMINS: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^\s*[UW][A-Z0-9]{2,}\s*(,\s*[UW][A-Z0-9]{2,}\s*)*,?\s*$/).optional()),
    expects: 'Slack user ids separated by commas, e.g. U012ABC,U034DEF',
  },
  RADAR_PROJECTS_ALLOWED: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^\s*[^,\s]+\s*(,\s*[^,\s]+\s*)*,?\s*$/).optional()),
    expects: 'project ids separated by commas, e.g. prj_northwind,prj_lumen',
  },
  SANDBOX_STYLE: { schema: z.preprocess(blankToUndefined, z.enum(['default', 'alt']).default('default')), expects: 'default or alt (the built-in sandbox answering in another house style)' },
  SANDBOX_SPEED: { schema: z.preprocess(blankToUndefined, z.coerce.number().positive().max(100_000).default(10)), expects: 'a positive number (1 is real time)' },
  // Fair use of the one API key: scans running at once, per person and per channel.
  SCAN_LIMIT_PER_PERSON: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000).default(5)), expects: 'a whole number from 1 to 1000 (scans one person may have running at once)' },
  SCAN_LIMIT_PER_CHANNEL: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(20)), expects: 'a whole number from 1 to 10000 (scans one channel may have running at once)' },
  HTTP_CONNECTIONS_PER_CLIENT: {
    schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(100_000).default(512)),
    expects: 'a whole number from 0 to 100000 (connections one client address may have served at once; 0 turns the limit off)',
  },
  TRUSTED_PROXIES: {
    schema: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform((v) => v.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
        .refine((entries) => entries.every(isAddressOrRange))
        .optional(),
    ),
    expects: 'IP addresses or CIDR ranges separated by commas, e.g. 10.0.0.0/8,192.0.2.7 (the load balancers in front of Radar)',
  },
} as const;

type Parsed = { [K in keyof typeof VARIABLES]: z.output<(typeof VARIABLES)[K]['schema']> };

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = {} as Record<string, unknown>;
  for (const [name, { schema, expects }] of Object.entries(VARIABLES)) {
    const result = schema.safeParse(env[name]);
    if (!result.success) throw new ConfigError(name, `${name} must be ${expects}.`);
    parsed[name] = result.data;
  }
  const v = parsed as Parsed;

  const oauthSet = [v.SLACK_CLIENT_ID, v.SLACK_CLIENT_SECRET, v.SLACK_STATE_SECRET].some(Boolean);
  // OAuth mode: every workspace connects its own key, so SVC_BASE_URL may come without SVC_API_KEY.
  if (v.SVC_API_KEY && !v.SVC_BASE_URL) {
    throw new ConfigError('SVC_BASE_URL', 'SVC_BASE_URL must be set together with SVC_API_KEY (or leave both unset to use the built-in sandbox).');
  }
  if (v.SVC_BASE_URL && !v.SVC_API_KEY && !oauthSet) {
    throw new ConfigError('SVC_API_KEY', 'SVC_API_KEY must be set together with SVC_BASE_URL (or leave both unset to use the built-in sandbox; with installs from a link each workspace connects its own key).');
  }

  let mode: RunMode = 'console';
  if (oauthSet) {
    if (v.SLACK_APP_TOKEN) {
      throw new ConfigError('SLACK_APP_TOKEN', 'Installs from a link (SLACK_CLIENT_ID) work over HTTP only: unset SLACK_APP_TOKEN (Socket Mode), or unset SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET.');
    }
    for (const name of ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET', 'SLACK_SIGNING_SECRET', 'RADAR_ENCRYPTION_KEY'] as const) {
      if (!v[name]) throw new ConfigError(name, `${name} must be set for installs from a link (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET, SLACK_SIGNING_SECRET and RADAR_ENCRYPTION_KEY go together).`);
    }
    if (v.SLACK_BOT_TOKEN) {
      throw new ConfigError('SLACK_BOT_TOKEN', 'SLACK_BOT_TOKEN must be unset for installs from a link: each workspace\'s token comes from its install (unset SLACK_CLIENT_ID to serve one workspace with SLACK_BOT_TOKEN).');
    }
    mode = 'http';
  } else if (v.SLACK_APP_TOKEN) {
    if (!v.SLACK_BOT_TOKEN) throw new ConfigError('SLACK_BOT_TOKEN', 'SLACK_BOT_TOKEN must be set for Socket Mode (SLACK_APP_TOKEN is set).');
    mode = 'socket';
  } else if (v.SLACK_BOT_TOKEN || v.SLACK_SIGNING_SECRET) {
    if (!v.SLACK_BOT_TOKEN) throw new ConfigError('SLACK_BOT_TOKEN', 'SLACK_BOT_TOKEN must be set for HTTP mode (SLACK_SIGNING_SECRET is set).');
    if (!v.SLACK_SIGNING_SECRET) {
      throw new ConfigError('SLACK_SIGNING_SECRET', 'SLACK_SIGNING_SECRET must be set for HTTP mode, or SLACK_APP_TOKEN for Socket Mode (SLACK_BOT_TOKEN is set).');
    }
    mode = 'http';
  }

  // Real Slack users must never be served the demo data by accident (a forgotten SVC_BASE_URL).
  const sandboxWanted = v.SVC_SANDBOX === '1' || v.SVC_SANDBOX === 'true';
  if (mode !== 'console' && !v.SVC_BASE_URL && !sandboxWanted) {
    throw new ConfigError(
      'SVC_BASE_URL',
      'SVC_BASE_URL and SVC_API_KEY must be set when Slack credentials are (or set SVC_SANDBOX=1 to serve the built-in demo sandbox to Slack).',
    );
  }

  const service = v.SVC_BASE_URL ? { baseUrl: v.SVC_BASE_URL, apiKey: v.SVC_API_KEY ?? null } : null;
  const secrets = [
    v.SVC_API_KEY,
    v.SLACK_BOT_TOKEN,
    v.SLACK_SIGNING_SECRET,
    v.SLACK_APP_TOKEN,
    v.SLACK_CLIENT_SECRET,
    v.SLACK_STATE_SECRET,
    v.RADAR_ENCRYPTION_KEY,
    v.RADAR_ENCRYPTION_KEY_PREVIOUS,
  ].filter((s): s is string => Boolean(s));
  const current = v.RADAR_ENCRYPTION_KEY ? parseEncryptionKey(v.RADAR_ENCRYPTION_KEY) : null;
  const previous = v.RADAR_ENCRYPTION_KEY_PREVIOUS ? parseEncryptionKey(v.RADAR_ENCRYPTION_KEY_PREVIOUS) : null;
  // On Redis, background work runs as BullMQ jobs any replica takes; on the single-process SQLite
  // default, in the process. An explicit BACKGROUND_JOBS wins.
  const onRedis = /^rediss?:\/\//.test(v.STORE_URL);
  const backgroundJobs = v.BACKGROUND_JOBS ?? (onRedis ? 'bullmq' : 'in-process');
  if (backgroundJobs === 'bullmq' && !onRedis) {
    throw new ConfigError('BACKGROUND_JOBS', 'BACKGROUND_JOBS=bullmq needs a redis:// STORE_URL (the jobs live in the Redis the replicas share).');
  }
  if (previous && !current) throw new ConfigError('RADAR_ENCRYPTION_KEY', 'RADAR_ENCRYPTION_KEY must be set when RADAR_ENCRYPTION_KEY_PREVIOUS is (the new key seals, the previous one is only read).');

  return {
    mode,
    service,
    slack: {
      botToken: v.SLACK_BOT_TOKEN ?? null,
      signingSecret: v.SLACK_SIGNING_SECRET ?? null,
      appToken: v.SLACK_APP_TOKEN ?? null,
      apiUrl: v.SLACK_API_URL.endsWith('/') ? v.SLACK_API_URL : `${v.SLACK_API_URL}/`,
    },
    oauth:
      oauthSet && v.SLACK_CLIENT_ID && v.SLACK_CLIENT_SECRET && v.SLACK_STATE_SECRET
        ? { clientId: v.SLACK_CLIENT_ID, clientSecret: v.SLACK_CLIENT_SECRET, stateSecret: v.SLACK_STATE_SECRET }
        : null,
    encryption: current ? { current, previous } : null,
    port: v.PORT,
    storeUrl: v.STORE_URL,
    storePrefix: v.STORE_PREFIX ?? '',
    backgroundJobs,
    logLevel: v.LOG_LEVEL,
    digestIntervalSeconds: v.DIGEST_INTERVAL_SECONDS,
    watchIntervalSeconds: v.WATCH_INTERVAL_SECONDS,
    followIntervalSeconds: v.FOLLOW_INTERVAL_SECONDS,
    reportIntervalSeconds: v.REPORT_INTERVAL_SECONDS,
    sandboxSpeed: v.SANDBOX_SPEED,
    sandboxStyle: v.SANDBOX_STYLE,
    tuning: { timing: v.RADAR_TIMING as Partial<Timing>, serviceRetry: v.RADAR_SERVICE_RETRY as Partial<RetryPolicy> },
    access: { admins: idList(v.RADAR_ADMINS), projectsAllowed: idList(v.RADAR_PROJECTS_ALLOWED) },
    secrets,
    scanLimits: { perPerson: v.SCAN_LIMIT_PER_PERSON, perChannel: v.SCAN_LIMIT_PER_CHANNEL },
    edge: { connectionsPerClient: v.HTTP_CONNECTIONS_PER_CLIENT, trustedProxies: v.TRUSTED_PROXIES ?? [] },
    explicit: { logLevel: blankToUndefined(env.LOG_LEVEL) !== undefined, storeUrl: blankToUndefined(env.STORE_URL) !== undefined },
  };
}

/** A comma-separated list as ids (blanks dropped), or null when unset. */
function idList(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  return [...new Set(value.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
}

/** The variables Radar reads, for `.env.example` and docs/operating.md's configuration table. */
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as (keyof typeof VARIABLES)[];
