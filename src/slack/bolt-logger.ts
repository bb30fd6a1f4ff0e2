/** Bolt's Logger interface over Radar's logger, so Bolt's lines are redacted like ours. */
import type { Logger as BoltLogger } from '@slack/bolt';
import { LogLevel } from './bolt.js';
import type { Logger } from '../log.js';

const text = (parts: unknown[]) => parts.map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(' ');

export function boltLogger(logger: Logger, level: LogLevel = LogLevel.WARN): BoltLogger {
  let current = level;
  let name = 'bolt';
  const child = () => logger.child({ component: name });
  return {
    debug: (...m: unknown[]) => child().debug(text(m)),
    info: (...m: unknown[]) => child().info(text(m)),
    warn: (...m: unknown[]) => child().warn(text(m)),
    error: (...m: unknown[]) => child().error(text(m)),
    setLevel: (l: LogLevel) => {
      current = l;
    },
    getLevel: () => current,
    setName: (n: string) => {
      name = n;
    },
  };
}
