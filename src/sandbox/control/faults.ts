export const FAULT_KINDS = ['status', 'latency', 'reset', 'malformed'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A failure to inject into matching service requests (control routes are never faulted). */
export interface FaultSpec {
  /** HTTP method to match; any method when omitted. */
  method?: string;
  /** A prefix of the request path, or a regular expression when it starts with `^`. */
  path: string;
  kind: FaultKind;
  /** For 'status': the status to answer (default 500) and the envelope's code (default `internal_error`). */
  status?: number;
  code?: string;
  /** For 'status': a `Retry-After` header, in seconds. */
  retryAfter?: number;
  /** For 'latency': how long to hold the real answer, in real milliseconds. */
  latencyMs?: number;
  /** How many requests the fault applies to; unlimited when omitted. */
  times?: number;
}

export interface Fault extends FaultSpec {
  id: string;
}

interface ActiveFault {
  fault: Fault;
  matchesPath: (path: string) => boolean;
  remaining: number;
}

/** The injected faults, first added first applied. */
export class FaultSet {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): string {
    const id = `flt_${this.nextId++}`;
    const pattern = spec.path.startsWith('^') ? new RegExp(spec.path) : undefined;
    this.faults.push({
      fault: { ...spec, id },
      matchesPath: pattern ? (path) => pattern.test(path) : (path) => path.startsWith(spec.path),
      remaining: spec.times ?? Number.POSITIVE_INFINITY,
    });
    return id;
  }

  /** Finds the first fault matching the request and uses up one of its applications. */
  take(method: string, path: string): Fault | undefined {
    const active = this.faults.find(
      (f) => (f.fault.method === undefined || f.fault.method.toUpperCase() === method) && f.matchesPath(path),
    );
    if (!active) return undefined;
    active.remaining -= 1;
    if (active.remaining <= 0) this.faults = this.faults.filter((f) => f !== active);
    return active.fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f.fault }));
  }

  clear(): void {
    this.faults = [];
  }
}
