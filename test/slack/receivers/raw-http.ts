/**
 * HTTP over a raw TCP socket, for requests no HTTP client will send: garbage methods, malformed
 * request lines, headers without their body, bodies streamed until the server answers.
 *
 *   const res = await rawRequest(url, 'GET // HTTP/1.1\r\nHost: x\r\n\r\n');
 *   const big = await rawRequest(url, headers, { stream: chunkedBody(2 * MiB), untilClosed: true });
 */
import { connect, type Socket } from 'node:net';

export const MiB = 1024 * 1024;

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** True when the server closed the connection (only waited for with `untilClosed`). */
  closed: boolean;
  /** Bytes of `stream` written before the server answered. */
  written: number;
}

export interface RawOptions {
  /** Writes after the request head, chunk by chunk, stopping once the server has answered. */
  stream?: Iterable<Buffer>;
  /** The response has no body whatever its content-length (a HEAD request). */
  head?: boolean;
  /** Resolve only once the server has closed the connection too. */
  untilClosed?: boolean;
}

/** `size` bytes as HTTP/1.1 chunks of 64 KiB, then the last chunk. */
export function* chunkedBody(size: number, chunk = 64 * 1024): Generator<Buffer> {
  const data = Buffer.alloc(chunk, 'a');
  for (let sent = 0; sent < size; sent += chunk) {
    const n = Math.min(chunk, size - sent);
    yield Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), data.subarray(0, n), Buffer.from('\r\n')]);
  }
  yield Buffer.from('0\r\n\r\n');
}

function parse(data: Buffer, head: boolean): Omit<RawResponse, 'closed' | 'written'> | 'incomplete' | 'bad' {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return 'incomplete';
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return 'bad';
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = head ? 0 : Number(headers['content-length'] ?? 0);
  const body = data.subarray(end + 4);
  if (body.length < length) return 'incomplete';
  return { status: Number(match[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/** Sends `request` on a new connection to `url`'s host and port; resolves with the first response. */
export function rawRequest(url: string, request: string | Buffer, options: RawOptions = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise<RawResponse>((resolve, reject) => {
    const socket: Socket = connect({ host: hostname, port: Number(port) });
    let data = Buffer.alloc(0);
    let response: Omit<RawResponse, 'closed' | 'written'> | null = null;
    let closed = false;
    let written = 0;
    let done = false;
    const finish = () => {
      if (done || !response) return;
      if (options.untilClosed && !closed) return;
      done = true;
      socket.destroy();
      resolve({ ...response, closed, written });
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      if (response) return;
      const parsed = parse(data, options.head ?? false);
      if (parsed === 'bad') {
        done = true;
        socket.destroy();
        reject(new Error(`not an HTTP response: ${JSON.stringify(data.toString('latin1').slice(0, 200))}`));
      } else if (parsed !== 'incomplete') {
        response = parsed;
        finish();
      }
    });
    // Writing after the server closed (EPIPE, ECONNRESET) is expected here; the response decides.
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      if (response) finish();
      else if (!done) {
        done = true;
        reject(new Error(`connection closed without a response (${data.length} bytes received)`));
      }
    });
    socket.on('connect', () => {
      socket.write(request);
      if (!options.stream) return;
      const chunks = options.stream[Symbol.iterator]();
      const pump = () => {
        for (;;) {
          if (response || socket.destroyed || !socket.writable) return;
          const next = chunks.next();
          if (next.done) return;
          written += next.value.length;
          if (!socket.write(next.value)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

/** A request head (request line and headers, then the blank line). */
export function requestHead(requestLine: string, headers: Record<string, string | number> = {}): string {
  return `${requestLine}\r\n${Object.entries({ host: 'radar.test', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}
