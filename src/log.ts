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
  /** Whether a line at `level` would be written: for callers whose message costs something to build. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
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

const MAX_DEPTH = 4;
const MAX_ITEMS = 20;
const MAX_STRING = 2000;
/** Properties of an error worth following into: the cause chain and Slack's `original` and `data`. */
const ERROR_CHILDREN = new Set(['cause', 'original', 'data', 'errors']);

/**
 * A bounded, JSON-safe copy of what a caller logged. Errors keep their name, message, primitive
 * fields and cause chain only: transport errors carry whole requests (headers, sockets, the body
 * as a byte array) where a secret could hide from the string redaction, so those are never walked.
 */
function serialise(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  if (seen.has(value)) return '[circular]';
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[binary]';
  if (depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: serialise(value.message, depth + 1, seen) };
    for (const [k, v] of Object.entries(value)) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = serialise(v, depth + 1, seen);
      else if (ERROR_CHILDREN.has(k)) out[k] = serialise(v, depth + 1, seen);
    }
    if (value.cause !== undefined) out.cause = serialise(value.cause, depth + 1, seen);
    return out;
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => serialise(v, depth + 1, seen));
    return value.length > MAX_ITEMS ? [...items, `…and ${value.length - MAX_ITEMS} more`] : items;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [k, v] of entries.slice(0, MAX_ITEMS * 2)) out[k] = serialise(v, depth + 1, seen);
  if (entries.length > MAX_ITEMS * 2) out['…'] = `${entries.length - MAX_ITEMS * 2} more keys`;
  return out;
}

let toStderr: ((line: string) => void) | undefined;

/**
 * Lines to stderr until stderr fails (its reader went away: EPIPE); after that they are dropped.
 * Without this, the failed write was an uncaught exception, whose log line failed the same way: a
 * replica whose log pipe closed spun at full CPU logging that it could not log.
 */
function stderrSink(): (line: string) => void {
  if (toStderr) return toStderr;
  let broken = false;
  process.stderr.on('error', () => {
    broken = true;
  });
  toStderr = (line) => {
    if (broken || process.stderr.destroyed) return;
    process.stderr.write(`${line}\n`);
  };
  return toStderr;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 4);
  const sink = options.sink ?? stderrSink();
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
    enabled: (lvl) => RANK[lvl] >= RANK[level],
  };
}

/** A logger that drops everything; for code paths where the caller gave none. */
export const silentLogger: Logger = createLogger({ level: 'silent' });
