/** One service call as the sandbox saw it. The key is named by its id, never by the key itself. */
export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Id of a recognised key (see keys.ts), or null when none or an unknown one was sent. */
  keyId: string | null;
  /** Status answered, or null when the connection was reset by a fault. */
  status: number | null;
  /** ISO timestamp on the sandbox clock. */
  time: string;
  /**
   * Order of events on this sandbox: `received` when the request arrived, `answered` when it was
   * answered (or dropped), from one counter. Requests in flight together overlap: a read received
   * after another was answered was sent after it (tests prove parallel reads by this, not by time).
   */
  received: number;
  answered: number;
  /** The JSON body a write sent (POST, PATCH), as parsed; absent when none was sent or it was not JSON. */
  body?: unknown;
}

/** The log of service calls (control calls are not logged), oldest first. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private events = 0;

  /** The next number in the order of events (a request's arrival or answer). */
  tick(): number {
    this.events += 1;
    return this.events;
  }

  record(entry: RequestLogEntry): void {
    this.entries.push(entry);
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e, query: { ...e.query }, ...(e.body !== undefined ? { body: structuredClone(e.body) } : {}) }));
  }

  clear(): void {
    this.entries = [];
  }
}
