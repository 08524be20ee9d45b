import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'koa';
import { discardRestOfBody, HttpError, type Logger } from '@printpool/service-kit';
import { responseHeadersForClient } from './headers.js';
import type { ResolvedTarget } from './targets.js';

export const serviceUnavailable = () => new HttpError(502, 'Service unavailable', 'BAD_GATEWAY');

/** How a call to one service is made and given up (config.ts). */
export interface ForwardPolicy {
  service: string;
  /** How long the service may stay silent (no response headers, no body bytes) before the call fails (UPSTREAM_TIMEOUT_MS). */
  silentMs: number;
  /** How long a call that reads nothing is held before its one retry, when the service could not be reached (UPSTREAM_RETRY_WAIT_MS). */
  retryWaitMs: number;
  logger: Logger;
}

/** Calls that change nothing and send no body: sent again, they can do no harm, and there is nothing to replay. */
const RETRIED_METHODS = new Set(['GET', 'HEAD']);

class UpstreamTimeout extends Error {}

/**
 * Sends the request to the service and streams its answer back unchanged. The request body is
 * still unread (the gateway's body parser skips forwarded paths), so uploads and webhooks reach
 * the service byte for byte, and so do PDFs on the way back.
 */
export async function forwardRequest(ctx: Context, target: ResolvedTarget | undefined, headers: IncomingHttpHeaders, policy: ForwardPolicy): Promise<void> {
  if (!target) throw serviceUnavailable();
  if (target.kind === 'listener') return forwardInProcess(ctx, target.listener, headers);
  return forwardOverHttp(ctx, target.base, target.agent, headers, policy);
}

async function forwardInProcess(ctx: Context, listener: http.RequestListener, headers: IncomingHttpHeaders): Promise<void> {
  const { req, res } = ctx;
  req.headers = headers;
  ctx.respond = false;
  const done = finished(res);
  try {
    await listener(req, res);
  } catch {
    // A listener that throws before answering is as good as down.
    if (!res.headersSent) {
      ctx.respond = true;
      throw serviceUnavailable();
    }
  }
  await done;
}

async function forwardOverHttp(ctx: Context, base: URL, agent: http.Agent, headers: IncomingHttpHeaders, policy: ForwardPolicy): Promise<void> {
  const url = new URL(ctx.url, base);
  // http/servedRequest.ts admits only origin-form targets; this keeps any other from choosing the host.
  if (url.origin !== base.origin) throw serviceUnavailable();
  const send = () => sendUpstream(ctx, url, agent, { ...headers, host: url.host }, policy);
  let sent = await send();
  // A peer restarting (or a replica going away) refuses the connection for a moment: a call that reads
  // nothing waits and tries once more (another replica behind a Service, or the same one back up).
  if (sent.failed && !sent.timedOut && RETRIED_METHODS.has(ctx.method)) {
    await sleep(policy.retryWaitMs);
    sent = await send();
  }
  if (sent.failed) {
    if (sent.timedOut) throw new HttpError(504, `${policy.service} did not answer within ${policy.silentMs} ms`, 'GATEWAY_TIMEOUT');
    throw serviceUnavailable();
  }
  const { upstream, request } = sent;

  ctx.respond = false;
  const { res } = ctx;
  for (const [name, value] of Object.entries(responseHeadersForClient(upstream.headers))) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(upstream.statusCode ?? 502);
  await pipeline(upstream, res).catch(() => {
    // The service or the browser went away mid-body; the status line is already sent, so only the connection can say so.
    res.destroy();
  });
  // The service answered before reading the whole body (a 413): the browser is let finish
  // sending, so that it reads the answer instead of a reset.
  if (!ctx.req.complete) {
    ctx.req.unpipe(request);
    request.destroy();
    discardRestOfBody(ctx.req);
  }
}

type Sent = { failed: false; upstream: IncomingMessage; request: http.ClientRequest } | { failed: true; timedOut: boolean };

/** One attempt: the service's answer, or why there was none, logged with the peer and the cause. */
async function sendUpstream(ctx: Context, url: URL, agent: http.Agent, headers: IncomingHttpHeaders, policy: ForwardPolicy): Promise<Sent> {
  const sendOver = url.protocol === 'https:' ? https.request : http.request;
  const request = sendOver(url, { method: ctx.method, headers, agent });
  try {
    const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.setTimeout(policy.silentMs, () => request.destroy(new UpstreamTimeout()));
      request.on('error', reject);
      // The browser hung up: stop the service's work too.
      ctx.res.once('close', () => {
        if (!ctx.res.writableFinished) request.destroy();
      });
      if (RETRIED_METHODS.has(ctx.method)) request.end();
      else ctx.req.pipe(request);
    });
    return { failed: false, upstream, request };
  } catch (err) {
    const timedOut = err instanceof UpstreamTimeout;
    const cause = timedOut ? `silent for ${policy.silentMs} ms` : ((err as NodeJS.ErrnoException).code ?? (err as Error).message);
    policy.logger.warn({ service: policy.service, peer: url.origin, method: ctx.method, route: ctx.state.route, cause }, 'forwarded call failed');
    return { failed: true, timedOut };
  }
}

function finished(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableFinished) return resolve();
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
  });
}
