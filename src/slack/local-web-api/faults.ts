import type { FailOptions } from './types.js';

/** A failure to answer with instead of running the method. */
export interface Fault {
  error: string;
  /** Set for `ratelimited`: answered with HTTP 429 and this `Retry-After`. */
  retryAfter?: number;
}

interface FailRule {
  method: string;
  error: string;
  times: number;
  channel?: string;
  when?: (args: Record<string, unknown>) => boolean;
  retryAfter: number;
}

/**
 * Injected faults: one-off failures (`failNext`), one-off delays (`delayNext`) and channels that
 * keep failing (`denyChannel`). Rules are consumed in the order they were added.
 */
export class Faults {
  private readonly failRules: FailRule[] = [];
  private readonly delays: { method: string; hold: number | Promise<void> }[] = [];
  private readonly deniedChannels = new Map<string, string>();

  failNext(method: string, options: FailOptions): void {
    this.failRules.push({
      method,
      error: options.error,
      times: options.times ?? 1,
      channel: options.channel,
      ...(options.when ? { when: options.when } : {}),
      retryAfter: options.retryAfter ?? 1,
    });
  }

  delayNext(method: string, ms: number): void {
    this.delays.push({ method, hold: ms });
  }

  /** Holds the next call of `method` until the returned release is called. */
  holdNext(method: string): () => void {
    let release = () => {};
    this.delays.push({ method, hold: new Promise<void>((resolve) => (release = resolve)) });
    return () => release();
  }

  denyChannel(channel: string, error: string): void {
    this.deniedChannels.set(channel, error);
  }

  allowChannel(channel: string): void {
    this.deniedChannels.delete(channel);
  }

  /** The fault for this call, if any; consumes one use of a matching `failNext` rule. */
  takeFault(method: string, channel: string | undefined, args: Record<string, unknown> = {}): Fault | undefined {
    const denied = channel === undefined ? undefined : this.deniedChannels.get(channel);
    if (denied !== undefined) return { error: denied };
    const rule = this.failRules.find((r) => r.method === method && (r.channel === undefined || r.channel === channel) && (r.when === undefined || r.when(args)));
    if (!rule) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.failRules.splice(this.failRules.indexOf(rule), 1);
    return rule.error === 'ratelimited' ? { error: rule.error, retryAfter: rule.retryAfter } : { error: rule.error };
  }

  /** Milliseconds to hold this call before answering, or what to wait for; consumes the matching `delayNext` or `holdNext`. */
  takeDelay(method: string): number | Promise<void> {
    const index = this.delays.findIndex((d) => d.method === method);
    if (index < 0) return 0;
    const [delay] = this.delays.splice(index, 1);
    return delay?.hold ?? 0;
  }
}
