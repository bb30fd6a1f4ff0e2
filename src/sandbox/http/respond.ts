import type { ServerResponse } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Writes a JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': JSON_CONTENT_TYPE, 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** The error envelope of spec 7: `{ error: { code, message, status } }`. */
export function errorBody(status: number, code: string, message: string): { error: { code: string; message: string; status: number } } {
  return { error: { code, message, status } };
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, errorBody(status, code, message), headers);
}
