/**
 * The control of the fair-use measure: an HTTP server that reads each request and answers 200 with
 * an empty body, doing nothing else (no Bolt, no signature check, no answer at any response_url).
 * A flood sent here costs the machine what sending it costs (the bench's sender thread) and what
 * the least possible app costs; whatever the person measured beside it loses is the machine's,
 * not Radar's. Run as `node bench/null-app.mjs` with PORT set.
 */
import { createServer } from 'node:http';

createServer((req, res) => {
  // A sender that goes away mid-request must not end the control.
  req.on('error', () => undefined);
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-length': 0 });
    res.end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
