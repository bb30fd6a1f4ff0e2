/**
 * The edge's own small answers: a status with a tiny JSON body (`{"error":"not_found"}`), or none
 * for HEAD. `close` closes the connection afterwards, for requests whose body was never read (the
 * connection cannot be reused without reading it, and reading it is the attack), with a lingering
 * close: closing a socket while the client is still sending makes the kernel answer with a reset,
 * which can discard our answer before the client has read it (it then sees "connection reset"
 * instead of 413). So after the answer and our FIN, what the client still sends is read and dropped
 * (never buffered) for at most LINGER_MS or LINGER_BYTES, then the socket is destroyed.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const LINGER_MS = 1_000;
const LINGER_BYTES = 1024 * 1024;

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  options: { close?: boolean; headers?: OutgoingHttpHeaders } = {},
): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...(options.close ? { connection: 'close' } : {}),
    ...options.headers,
  });
  if (options.close) lingerOnClose(req);
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** Node destroys the socket once the answer is written (`destroySoon`); this one half-closes first. */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const destroy = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) destroy();
  });
  req.on('end', destroy);
  req.resume();
  socket.destroySoon = () => {
    socket.end();
    timer = setTimeout(destroy, LINGER_MS);
    timer.unref();
  };
}

/** True when the request announces a body (so refusing it without reading should close the connection). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
