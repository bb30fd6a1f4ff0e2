/**
 * A small leveled logger that writes JSON lines and redacts secrets.
 *
 * Every secret handed to `createLogger` (the service key, Slack tokens, the signing secret) is
 * replaced by `[redacted]` wherever it appears in a line, whatever the caller logged: a message,
 * an error's message or stack, or a nested field. The sink is a parameter so tests capture lines.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Strings that must never be written: they are replaced by `[redacted]`. */
  secrets?: readonly (string | undefined)[];
  /** Where a finished line goes; defaults to stderr so stdout stays free for console output. */
  sink?: (line: string) => void;
  bindings?: Record<string, unknown>;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function serialise(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: value.message };
    for (const [k, v] of Object.entries(value)) out[k] = serialise(v, seen);
    if (value.cause !== undefined) out.cause = serialise(value.cause, seen);
    return out;
  }
  if (value && typeof value === 'object') {
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    if (Array.isArray(value)) return value.map((v) => serialise(v, seen));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = serialise(v, seen);
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 4);
  const sink = options.sink ?? ((line: string) => process.stderr.write(line + '\n'));
  const bindings = options.bindings ?? {};

  const redact = (line: string): string => {
    let out = line;
    for (const s of secrets) out = out.split(s).join('[redacted]');
    return out;
  };

  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < RANK[level]) return;
    let line: string;
    try {
      line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...bindings, ...(serialise(fields ?? {}) as object) });
    } catch {
      line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, note: 'fields could not be serialised' });
    }
    sink(redact(line));
  };

  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (more) => createLogger({ ...options, bindings: { ...bindings, ...more } }),
  };
}

/** A logger that drops everything; for code paths where the caller gave none. */
export const silentLogger: Logger = createLogger({ level: 'silent' });
