/**
 * Polls of one group in turn, other groups never waiting: a poll of a group waits for that group's
 * poll in progress, then runs unless its signal was aborted. Both poller modes use it (the lease's
 * cycles, the queued poller's `tick`); `inProgress` is what `stop` waits for.
 */
export interface GroupPolls<G> {
  pollOnce(key: string, group: G, signal: AbortSignal): Promise<void>;
  inProgress(): Promise<void>[];
}

export function groupPolls<G>(poll: (key: string, group: G, signal: AbortSignal) => Promise<void>): GroupPolls<G> {
  const polling = new Map<string, Promise<void>>();
  return {
    pollOnce(key, group, signal) {
      const previous = polling.get(key) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => (signal.aborted ? undefined : poll(key, group, signal)));
      polling.set(key, next);
      return next.finally(() => {
        if (polling.get(key) === next) polling.delete(key);
      });
    },
    inProgress: () => [...polling.values()],
  };
}
