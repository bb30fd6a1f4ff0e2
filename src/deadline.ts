/**
 * A promise with a deadline: what several edges of Radar need (a store call, a post to Slack, an
 * ask of an organisation's workspaces), each with its own error for "too late".
 */

/**
 * `promise`, or a rejection with `late()` once `ms` have passed before it settled. The timer is
 * cleared when it settles and never holds the process open; a rejection of `promise` after the
 * deadline is not left unhandled.
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
    timer.unref();
  });
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
