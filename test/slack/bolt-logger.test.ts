import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from '../../src/log.js';
import { boltLogger } from '../../src/slack/bolt-logger.js';

const capture = (level: LogLevel) => {
  const lines: string[] = [];
  const logger = createLogger({ level, secrets: ['xoxb-bolt-logger-secret'], sink: (l) => lines.push(l) });
  return { lines, bolt: boltLogger(logger) };
};

/** An argument that counts how often it was formatted. */
const counted = () => {
  const seen = { times: 0 };
  return { seen, value: { toJSON: () => (seen.times++, { token: 'xoxb-bolt-logger-secret' }) } };
};

describe("Bolt's logger", () => {
  it('writes Bolt lines at the levels Radar logs, named and redacted', () => {
    const { lines, bolt } = capture('info');
    bolt.setName('bolt-app');
    const { seen, value } = counted();
    bolt.info('installed', value);
    bolt.warn('slow', value);
    bolt.error(new Error('broken'));
    expect(seen.times).toBe(2);
    const parsed = lines.map((l) => JSON.parse(l) as { level: string; msg: string; component: string });
    expect(parsed.map((l) => [l.level, l.component])).toEqual([
      ['info', 'bolt-app'],
      ['warn', 'bolt-app'],
      ['error', 'bolt-app'],
    ]);
    expect(parsed[0]!.msg).toBe('installed {"token":"[redacted]"}');
    expect(parsed[2]!.msg).toBe('broken');
  });

  it('neither writes nor formats a line below the level Radar logs', () => {
    const { lines, bolt } = capture('warn');
    const { seen, value } = counted();
    bolt.debug('processing', value);
    bolt.info('processing', value);
    expect(lines).toEqual([]);
    expect(seen.times).toBe(0);
    bolt.warn('kept', value);
    expect(lines).toHaveLength(1);
    expect(seen.times).toBe(1);
  });
});
