/** Bolt's Logger interface over Radar's logger, so Bolt's lines are redacted like ours. */
import type { Logger as BoltLogger } from '@slack/bolt';
import { LogLevel } from './bolt.js';
import type { Logger } from '../log.js';

const text = (parts: unknown[]) => parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(' ');

/**
 * Bolt logs at debug several times a request, objects among the arguments: a line Radar's logger
 * would drop is neither formatted (`JSON.stringify` of a payload) nor given a child logger, which
 * under a burst of commands cost ~4% of Radar's time.
 */
export function boltLogger(logger: Logger, level: LogLevel = LogLevel.WARN): BoltLogger {
  let current = level;
  let named = logger.child({ component: 'bolt' });
  const at =
    (lvl: 'debug' | 'info' | 'warn' | 'error') =>
    (...m: unknown[]) => {
      if (named.enabled(lvl)) named[lvl](text(m));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    setLevel: (l: LogLevel) => {
      current = l;
    },
    getLevel: () => current,
    setName: (n: string) => {
      named = logger.child({ component: n });
    },
  };
}
