/**
 * Each person's requests take their turn; nobody waits behind another person's burst. The one event
 * loop handles requests in the order they come, so a person who sends two hundred commands at once
 * used to put every other person's next command behind all of them (answered in 100 ms instead of
 * 15). Here, while other senders have requests in, a verified request is handed to Bolt only while
 * its sender has fewer than `perSender` requests handed over and not yet acked; the rest wait in
 * that sender's own queue, oldest first, and go as that sender's earlier ones are acked (or once
 * the sender is alone again). A sender alone is never held, and another sender's request goes at
 * once.
 *
 * Only the time until the ack is counted (for a command that is milliseconds; for an options
 * request, its read), never the answer that follows it, so a burst still moves as fast as the
 * process can ack it; a slow options read holds back only its own sender's later requests, and only
 * while others have requests in. A sender's queue is
 * bounded: past `maxQueued` a request is refused (the caller answers 503 with Retry-After, and
 * Slack retries).
 */
export interface FairIntake {
  /**
   * Runs `handOver` now, or when the sender's turn comes; `handOver` gets `acked`, to call once the
   * request's response has been written (or the connection closed). False when the sender's queue
   * is full and nothing will run.
   */
  admit(sender: string, handOver: (acked: () => void) => void): boolean;
  /** Requests handed over and not yet acked, and requests waiting, over every sender. */
  counts(): { handedOver: number; waiting: number };
}

export const DEFAULT_PER_SENDER = 4;
export const DEFAULT_MAX_QUEUED = 1_000;

export function createFairIntake({ perSender = DEFAULT_PER_SENDER, maxQueued = DEFAULT_MAX_QUEUED } = {}): FairIntake {
  const active = new Map<string, number>();
  const waiting = new Map<string, ((acked: () => void) => void)[]>();
  let handedOver = 0;
  let queued = 0;

  /** Another sender has requests handed over or waiting. */
  const othersBusy = (sender: string) => {
    for (const [other, n] of active) if (other !== sender && n > 0) return true;
    for (const other of waiting.keys()) if (other !== sender) return true;
    return false;
  };
  /** Within its share, or alone: a sender alone is never held (its burst goes as fast as it is acked). */
  const mayRun = (sender: string) => (active.get(sender) ?? 0) < perSender || !othersBusy(sender);

  const run = (sender: string, handOver: (acked: () => void) => void) => {
    active.set(sender, (active.get(sender) ?? 0) + 1);
    handedOver += 1;
    let done = false;
    handOver(() => {
      if (done) return;
      done = true;
      handedOver -= 1;
      const left = (active.get(sender) ?? 1) - 1;
      if (left > 0) active.set(sender, left);
      else active.delete(sender);
      pump();
    });
  };

  /** Hands over what may go now, each waiting sender's oldest first. */
  const pump = () => {
    for (const [sender, queue] of waiting) {
      while (queue.length > 0 && mayRun(sender)) {
        const next = queue.shift();
        if (queue.length === 0) waiting.delete(sender);
        queued -= 1;
        if (next) run(sender, next);
      }
    }
  };

  return {
    admit(sender, handOver) {
      if (!waiting.has(sender) && mayRun(sender)) {
        run(sender, handOver);
        return true;
      }
      const queue = waiting.get(sender) ?? [];
      if (queue.length >= maxQueued) return false;
      queue.push(handOver);
      waiting.set(sender, queue);
      queued += 1;
      return true;
    },
    counts: () => ({ handedOver, waiting: queued }),
  };
}

/**
 * Who sent a Slack request, from its verified body: the team and user of a slash command
 * (`team_id`, `user_id`), of an interactive payload (`payload`: `team.id`, `user.id`) or of an
 * event (`team_id`, `event.user`). Requests that name nobody (URL verification, some events) share
 * one turn.
 */
export function senderOf(body: string, contentType: string | undefined): string {
  try {
    if (contentType?.includes('application/json')) {
      const parsed = JSON.parse(body) as { team_id?: unknown; event?: { user?: unknown } };
      return key(parsed.team_id, parsed.event?.user);
    }
    const form = new URLSearchParams(body);
    const payload = form.get('payload');
    if (payload !== null) {
      const parsed = JSON.parse(payload) as { team?: { id?: unknown }; user?: { id?: unknown; team_id?: unknown } };
      return key(parsed.team?.id ?? parsed.user?.team_id, parsed.user?.id);
    }
    return key(form.get('team_id'), form.get('user_id'));
  } catch {
    return '';
  }
}

function key(team: unknown, user: unknown): string {
  return typeof user === 'string' && user !== '' ? `${typeof team === 'string' ? team : ''}:${user}` : '';
}
