/**
 * Reads a request body into memory up to a byte limit. Past the limit it stops reading at once and
 * rejects with `BodyTooLargeError`, whatever the request declared (chunked bodies declare nothing),
 * so a client can never make Radar hold more than `limit` bytes of one request.
 */
import type { IncomingMessage } from 'node:http';
import type { BodyBudget } from './body-budget.js';

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

/** A body read so far: its bytes, and `release()` returning what it borrowed from the budget (idempotent). */
export interface CappedBody {
  body: Buffer;
  release(): void;
}

/**
 * Reads `req`'s body up to `limit` bytes. With a `budget`, bytes past the budget's per-request
 * allowance are borrowed from its shared pool as they arrive; when the pool is empty the read stops
 * with `BodyBudgetExhaustedError`. What was borrowed is returned when the read fails, and by
 * `release()` after a successful read, once the caller no longer needs the body buffered.
 */
export function readCappedBody(req: IncomingMessage, limit: number, budget?: BodyBudget): Promise<CappedBody> {
  return new Promise<CappedBody>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let borrowed = 0;
    let settled = false;
    const release = () => {
      if (borrowed > 0) budget?.giveBack(borrowed);
      borrowed = 0;
    };
    const settle = (error: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) {
        release();
        reject(error);
      } else resolve({ body: body ?? Buffer.alloc(0), release });
    };
    const stop = (error: Error) => {
      req.pause();
      chunks.length = 0;
      settle(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(new BodyTooLargeError(limit));
      if (budget) {
        const need = Math.max(0, size - budget.allowance) - borrowed;
        if (need > 0) {
          if (!budget.borrow(need)) return stop(new BodyBudgetExhaustedError());
          borrowed += need;
        }
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle(null, Buffer.concat(chunks, size));
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('the request was closed before its body ended'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
