/**
 * Configuration, parsed once at start from a passed-in env (probot's `readEnvOptions(env)` habit).
 * A bad or missing value becomes a `ConfigError` whose message is one line naming the variable.
 */
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './log.js';

export type RunMode = 'http' | 'socket' | 'console';

export interface Config {
  mode: RunMode;
  /** null: no service configured; Radar starts the built-in sandbox with its demo data. */
  service: { baseUrl: string; apiKey: string } | null;
  slack: {
    botToken: string | null;
    signingSecret: string | null;
    appToken: string | null;
    apiUrl: string;
  };
  port: number;
  storeUrl: string;
  /** Prepended to every store key and lease name; '' when unset. */
  storePrefix: string;
  logLevel: LogLevel;
  digestIntervalSeconds: number;
  /** Speed of the built-in sandbox (only used when `service` is null). */
  sandboxSpeed: number;
  /** Every secret value, for the logger's redaction list. */
  secrets: string[];
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

const VARIABLES = {
  SVC_BASE_URL: { schema: z.preprocess(blankToUndefined, httpUrl.optional()), expects: 'an http(s) URL of the monitoring service' },
  SVC_API_KEY: { schema: optionalText, expects: 'the service API key' },
  SLACK_BOT_TOKEN: { schema: z.preprocess(blankToUndefined, z.string().startsWith('xoxb-').optional()), expects: 'a bot token starting with xoxb-' },
  SLACK_SIGNING_SECRET: { schema: optionalText, expects: "the app's signing secret" },
  SLACK_APP_TOKEN: { schema: z.preprocess(blankToUndefined, z.string().startsWith('xapp-').optional()), expects: 'an app-level token starting with xapp-' },
  SLACK_API_URL: { schema: z.preprocess(blankToUndefined, httpUrl.default('https://slack.com/api/')), expects: 'an http(s) URL such as https://slack.com/api/' },
  PORT: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)), expects: 'a port number from 0 to 65535' },
  STORE_URL: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^(sqlite|redis|rediss):\/\/.+/).default('sqlite://data/radar.sqlite')),
    expects: 'sqlite://<path> or redis://<host>:<port>',
  },
  STORE_PREFIX: {
    schema: z.preprocess(blankToUndefined, z.string().regex(/^[A-Za-z0-9-]{1,40}$/).optional()),
    expects: 'letters, digits and dashes (at most 40), to keep several Radar installations apart in one Redis',
  },
  LOG_LEVEL: { schema: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).default('info')), expects: `one of ${LOG_LEVELS.join(', ')}` },
  DIGEST_INTERVAL_SECONDS: { schema: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(600)), expects: 'a whole number of seconds, at least 1' },
  SANDBOX_SPEED: { schema: z.preprocess(blankToUndefined, z.coerce.number().positive().max(100_000).default(10)), expects: 'a positive number (1 is real time)' },
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

  if (Boolean(v.SVC_BASE_URL) !== Boolean(v.SVC_API_KEY)) {
    const missing = v.SVC_BASE_URL ? 'SVC_API_KEY' : 'SVC_BASE_URL';
    throw new ConfigError(missing, `${missing} must be set together with ${missing === 'SVC_API_KEY' ? 'SVC_BASE_URL' : 'SVC_API_KEY'} (or leave both unset to use the built-in sandbox).`);
  }

  let mode: RunMode = 'console';
  if (v.SLACK_APP_TOKEN) {
    if (!v.SLACK_BOT_TOKEN) throw new ConfigError('SLACK_BOT_TOKEN', 'SLACK_BOT_TOKEN must be set for Socket Mode (SLACK_APP_TOKEN is set).');
    mode = 'socket';
  } else if (v.SLACK_BOT_TOKEN || v.SLACK_SIGNING_SECRET) {
    if (!v.SLACK_BOT_TOKEN) throw new ConfigError('SLACK_BOT_TOKEN', 'SLACK_BOT_TOKEN must be set for HTTP mode (SLACK_SIGNING_SECRET is set).');
    if (!v.SLACK_SIGNING_SECRET) {
      throw new ConfigError('SLACK_SIGNING_SECRET', 'SLACK_SIGNING_SECRET must be set for HTTP mode, or SLACK_APP_TOKEN for Socket Mode (SLACK_BOT_TOKEN is set).');
    }
    mode = 'http';
  }

  const service = v.SVC_BASE_URL && v.SVC_API_KEY ? { baseUrl: v.SVC_BASE_URL, apiKey: v.SVC_API_KEY } : null;
  const secrets = [v.SVC_API_KEY, v.SLACK_BOT_TOKEN, v.SLACK_SIGNING_SECRET, v.SLACK_APP_TOKEN].filter((s): s is string => Boolean(s));

  return {
    mode,
    service,
    slack: {
      botToken: v.SLACK_BOT_TOKEN ?? null,
      signingSecret: v.SLACK_SIGNING_SECRET ?? null,
      appToken: v.SLACK_APP_TOKEN ?? null,
      apiUrl: v.SLACK_API_URL.endsWith('/') ? v.SLACK_API_URL : `${v.SLACK_API_URL}/`,
    },
    port: v.PORT,
    storeUrl: v.STORE_URL,
    storePrefix: v.STORE_PREFIX ?? '',
    logLevel: v.LOG_LEVEL,
    digestIntervalSeconds: v.DIGEST_INTERVAL_SECONDS,
    sandboxSpeed: v.SANDBOX_SPEED,
    secrets,
  };
}

/** The variables Radar reads, for `.env.example` and the README's table. */
export const CONFIG_VARIABLES = Object.keys(VARIABLES) as (keyof typeof VARIABLES)[];
