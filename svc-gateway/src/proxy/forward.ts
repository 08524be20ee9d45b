import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'koa';
import { discardRestOfBody, HttpError } from '@printpool/service-kit';
import { responseHeadersForClient } from './headers.js';
import type { ResolvedTarget } from './targets.js';

export const serviceUnavailable = () => new HttpError(502, 'Service unavailable', 'BAD_GATEWAY');

/** How long a service may stay silent (no response headers, no body bytes) before the call fails (config.ts, upstreamTimeoutMs). */
export interface ForwardTimeout {
  service: string;
  silentMs: number;
}

class UpstreamTimeout extends Error {}

/**
 * Sends the request to the service and streams its answer back unchanged. The request body is
 * still unread (the gateway's body parser skips forwarded paths), so uploads and webhooks reach
 * the service byte for byte, and so do PDFs on the way back.
 */
export async function forwardRequest(ctx: Context, target: ResolvedTarget | undefined, headers: IncomingHttpHeaders, timeout: ForwardTimeout): Promise<void> {
  if (!target) throw serviceUnavailable();
  if (target.kind === 'listener') return forwardInProcess(ctx, target.listener, headers);
  return forwardOverHttp(ctx, target.base, target.agent, headers, timeout);
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

async function forwardOverHttp(ctx: Context, base: URL, agent: http.Agent, headers: IncomingHttpHeaders, timeout: ForwardTimeout): Promise<void> {
  const url = new URL(ctx.url, base);
  // http/servedRequest.ts admits only origin-form targets; this keeps any other from choosing the host.
  if (url.origin !== base.origin) throw serviceUnavailable();
  const outgoing = { ...headers, host: url.host };
  const send = url.protocol === 'https:' ? https.request : http.request;
  const request = send(url, { method: ctx.method, headers: outgoing, agent });
  const upstream = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.setTimeout(timeout.silentMs, () => request.destroy(new UpstreamTimeout()));
    request.on('error', reject);
    // The browser hung up: stop the service's work too.
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) request.destroy();
    });
    ctx.req.pipe(request);
  }).catch((err: unknown) => {
    if (err instanceof UpstreamTimeout) throw new HttpError(504, `${timeout.service} did not answer within ${timeout.silentMs} ms`, 'GATEWAY_TIMEOUT');
    throw serviceUnavailable();
  });

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

function finished(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableFinished) return resolve();
    res.once('finish', () => resolve());
    res.once('close', () => resolve());
  });
}
