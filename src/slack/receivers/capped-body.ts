/**
 * Reads a request body into memory up to a byte limit. Past the limit it stops reading at once and
 * rejects with `BodyTooLargeError`, whatever the request declared (chunked bodies declare nothing),
 * so a client can never make Radar hold more than `limit` bytes of one request.
 */
import type { IncomingMessage } from 'node:http';
import type { BodyLoan } from './body-budget.js';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The process-wide body budget could not cover this request (see `body-budget.ts`). */
export class BodyBudgetExhaustedError extends Error {
  constructor() {
    super('too many large request bodies at once');
    this.name = 'BodyBudgetExhaustedError';
  }
}

/**
 * Reads `req`'s body up to `limit` bytes. With a `budget` and this request's `loan` from it, bytes
 * past the budget's per-request allowance are borrowed as they arrive; when the pool cannot cover
 * them the read stops with `BodyBudgetExhaustedError`. Repaying is the caller's: it knows whether
 * the body proved to be Slack's.
 */
export function readCappedBody(req: IncomingMessage, limit: number, budget?: { allowance: number; loan: BodyLoan }): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // Settled once; the listeners stay on the request (each a no-op once settled) and go with it:
    // taking a 'data' listener off a stream costs more than the rest of the read.
    const settle = (error: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      if (error) reject(error);
      else resolve(body ?? Buffer.alloc(0));
    };
    const stop = (error: Error) => {
      req.pause();
      settle(error);
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) return stop(new BodyTooLargeError(limit));
      if (budget) {
        const need = Math.max(0, size - budget.allowance) - budget.loan.size;
        if (need > 0 && !budget.loan.borrow(need)) return stop(new BodyBudgetExhaustedError());
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (!settled) settle(null, Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => settle(error);
    // Every request closes, most after their body was read: the error (and its stack) only when it was not.
    const onClose = () => {
      if (!settled) settle(new Error('the request was closed before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
