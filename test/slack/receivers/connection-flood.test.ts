/**
 * Connections shared fairly, through Radar's real HTTP edge over loopback (issue 33): one address
 * (127.0.0.2) opens 1,100 connections, half of them idle after one kept-alive health check, half
 * trickling their headers a line at a time (slowloris); another address (127.0.0.3) meanwhile
 * sends signed commands and health checks, and every one is answered. Without the per-client
 * share the flood fills the 1,024-connection cap and 127.0.0.3 is refused.
 */
import { connect, type Socket } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlackDriver } from '../../support/slack-driver.js';
import { replyText, SIGNING_SECRET, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { requestHead } from './raw-http.js';

const FLOOD = 1_100;
const ASKS = 20;

describe('a connection flood from one address', () => {
  let h: RadarHarness | undefined;
  const sockets: Socket[] = [];
  let trickle: NodeJS.Timeout | undefined;
  afterEach(async () => {
    clearInterval(trickle);
    for (const s of sockets.splice(0)) s.destroy();
    await h?.stop();
    h = undefined;
  });

  it("1,100 idle and trickling connections from 127.0.0.2 leave 127.0.0.3's commands and health checks answered", async () => {
    h = await startRadarHarness();
    const harness = h;
    // Radar's first command loads and compiles what answering needs: done before the flood, so the
    // concurrent asks below meet a warm Radar (a cold one under a loaded machine stalls its loop).
    expect(replyText(await harness.command('help'))).toContain('/radar');
    const { port } = new URL(harness.radar.url ?? '');
    /** Resolves once the kernel has taken the connection (or refused it). */
    const open = (localAddress: string) =>
      new Promise<Socket>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => resolve(socket));
        socket.on('error', () => resolve(socket));
        socket.on('data', () => undefined);
        sockets.push(socket);
      });

    const slow: Socket[] = [];
    for (let batch = 0; batch < FLOOD; batch += 100) {
      const opened = await Promise.all(Array.from({ length: 100 }, () => open('127.0.0.2')));
      opened.forEach((socket, i) => {
        if (socket.destroyed) return;
        if (i % 2 === 0) {
          // Idle: one kept-alive health check, then silence.
          socket.write(requestHead('GET /healthz HTTP/1.1'));
        } else {
          // Slowloris: a request line, then a header line now and then, never the blank line.
          socket.write('GET /healthz HTTP/1.1\r\nhost: radar\r\n');
          slow.push(socket);
        }
      });
    }
    trickle = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write('x-trickle: 1\r\n');
    }, 1_000);

    // 127.0.0.3 connects after the flood (the kernel hands connections over in order).
    const agent = new Agent({ connect: { localAddress: '127.0.0.3' } });
    try {
      const healthz = () => agent.request({ origin: harness.radar.url ?? '', path: '/healthz', method: 'GET' }).then(async (res) => (await res.body.text(), res.statusCode));
      // Its first health check is answered once Radar has taken in the whole flood before it.
      expect(await healthz()).toBe(200);
      const driver = createSlackDriver({ url: `${harness.radar.url}/slack/events`, signingSecret: SIGNING_SECRET, responseUrlBase: harness.slack.responseUrl(), dispatcher: agent });
      const [acks, health] = await Promise.all([
        Promise.all(Array.from({ length: ASKS }, () => driver.command('help'))),
        Promise.all(Array.from({ length: ASKS }, healthz)),
      ]);
      expect(acks.map((a) => a.status)).toEqual(Array(ASKS).fill(200));
      expect(health).toEqual(Array(ASKS).fill(200));
      for (const ack of acks) expect(replyText(await harness.answerTo(ack))).toContain('/radar');
    } finally {
      await agent.close();
    }
    // 127.0.0.2 was held to its share: the cap itself was never reached.
    expect(harness.logs.filter((l) => l.includes('refused connections over the cap'))).toEqual([]);
  });
});
