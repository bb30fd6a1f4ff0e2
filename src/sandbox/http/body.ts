import type { IncomingMessage } from 'node:http';
import { SandboxHttpError } from '../types.js';

/** Bodies above this size are refused; the largest legal ticket write is ~20,000 characters. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the whole request body as text ('' when there is none). */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new SandboxHttpError(400, 'invalid_parameters', 'Request body is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body; an empty body is `undefined`, a malformed one 400 `invalid_parameters`. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SandboxHttpError(400, 'invalid_parameters', 'Request body is not valid JSON');
  }
}
