/**
 * Radar's HTTP edge as a Bolt `Receiver` (`init`, `start`, `stop`, as the console's receiver is):
 * one node:http server (`http-server.ts`: `/healthz`, 404/405 for anything else, header and request
 * timeouts, a connection cap) whose `POST /slack/events` is the Slack gate (`slack-gate.ts`: body
 * caps, Bolt's signature check, fair use, the replay claim). What passes goes to `app.processEvent`
 * with Bolt's own `HTTPResponseAck` (the ack writes the HTTP answer; no ack within 3 s is logged),
 * and a listener's error is answered by Bolt's own handler.
 */
import type { App, Logger as BoltLogger, Receiver } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { HTTPModuleFunctions, HTTPResponseAck } from '../bolt.js';
import { FAIR_USE_CONTEXT_KEY, type RequestLimits } from '../request-limits.js';
import { startHttpServer, type Handler, type HealthReport, type HttpLimits, type RunningServer } from './http-server.js';
import type { ReplayGuard } from './replay-guard.js';
import { createSlackGate } from './slack-gate.js';

export interface HttpReceiverOptions {
  signingSecret: string;
  port: number;
  host?: string;
  logger: Logger;
  /** Bolt's logger over Radar's (for the ack and Bolt's error answer). */
  boltLogger: BoltLogger;
  health: () => Promise<HealthReport>;
  limits?: RequestLimits;
  replayGuard?: ReplayGuard;
  httpLimits?: Partial<HttpLimits>;
  /** Trusted proxies (TRUSTED_PROXIES): only their X-Forwarded-For is read. */
  trustedProxies?: readonly string[];
  /** True while Radar drains: new Slack requests are refused 503. */
  draining?: () => boolean;
  /** GET pages beside the Slack route (OAuth mode: `/slack/install`, `/slack/oauth_redirect`). */
  pages?: ReadonlyMap<string, Handler>;
}

export class HttpReceiver implements Receiver {
  private app: App | undefined;
  private server: RunningServer | undefined;

  constructor(private readonly options: HttpReceiverOptions) {}

  init(app: App): void {
    this.app = app;
  }

  /** The server's base URL once started. */
  get url(): string | null {
    return this.server?.url ?? null;
  }

  async start(): Promise<RunningServer> {
    const { options } = this;
    const slack = createSlackGate({
      signingSecret: options.signingSecret,
      logger: options.logger,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.replayGuard ? { replayGuard: options.replayGuard } : {}),
      ...(options.draining ? { draining: options.draining } : {}),
      dispatch: async ({ body, retryNum, retryReason, fairUse }, req, res) => {
        const app = this.app;
        if (!app) throw new Error('the HTTP receiver was started before the app was built');
        const ack = new HTTPResponseAck({ logger: options.boltLogger, processBeforeResponse: false, httpRequest: req, httpResponse: res, httpRequestBody: body });
        try {
          await app.processEvent({
            body,
            ack: ack.bind(),
            ...(retryNum !== undefined ? { retryNum } : {}),
            ...(retryReason !== undefined ? { retryReason } : {}),
            customProperties: { [FAIR_USE_CONTEXT_KEY]: fairUse },
          });
        } catch (error) {
          const acked = await HTTPModuleFunctions.defaultProcessEventErrorHandler({
            error: error as Error,
            logger: options.boltLogger,
            request: req,
            response: res,
            storedResponse: ack.storedResponse,
          });
          if (acked) ack.ack();
        }
      },
    });
    this.server = await startHttpServer({
      port: options.port,
      ...(options.host ? { host: options.host } : {}),
      health: options.health,
      slack,
      ...(options.pages ? { pages: options.pages } : {}),
      logger: options.logger,
      ...(options.httpLimits ? { limits: options.httpLimits } : {}),
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    });
    return this.server;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
