/**
 * The edge's own small answers: a status with a tiny JSON body (`{"error":"not_found"}`), or none
 * for HEAD. `close` closes the connection afterwards, for requests whose body was never read (the
 * connection cannot be reused without reading it, and reading it is the attack), with a lingering
 * close: closing a socket while the client is still sending makes the kernel answer with a reset,
 * which can discard our answer before the client has read it (it then sees "connection reset"
 * instead of 413). So the socket stops reading, and after the answer and our FIN it lingers for at
 * most LINGER_MS before it is destroyed.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const LINGER_MS = 1_000;

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

/**
 * Node destroys the socket once the answer is written (`destroySoon`); this one stops reading first,
 * then half-closes after the answer and destroys the socket LINGER_MS later (or when the client
 * closes, which it does once it has read the answer). Nothing the client still sends is read: Node
 * would otherwise pull the rest of the body off the wire and drop it (`IncomingMessage._dump`),
 * megabytes a second per connection that the garbage collector reclaims only later, so a flood of
 * refused bodies would grow RSS by tens of MiB. Unread, it stays in the kernel's buffers, and the
 * client, its window full, stops sending.
 */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  // Marks the request as being read (so Node does not dump it when the answer ends), then stops
  // the socket: nothing more is read from it.
  req.read(0);
  socket.pause();
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end();
  };
}

/** True when the request announces a body (so refusing it without reading should close the connection). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
