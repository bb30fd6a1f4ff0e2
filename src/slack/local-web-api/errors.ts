/**
 * An `ok: false` answer. Method handlers throw it, and so may an `onCall` hook (the test fake
 * rejects calls that break Block Kit rules this way).
 */
export class WebApiRejection extends Error {
  constructor(
    /** Slack's error code, e.g. `message_not_found`, `invalid_blocks`. */
    readonly error: string,
    /** Human-readable details, sent as `response_metadata.messages`. */
    readonly details: readonly string[] = [],
  ) {
    super(details.length > 0 ? `${error}: ${details.join('; ')}` : error);
    this.name = 'WebApiRejection';
  }
}
