import { PassThrough } from 'node:stream';
import type { EventEnvelope } from '@printpool/service-kit';

/** Proxies and load balancers drop a connection that stays silent for a minute or so. */
export const HEARTBEAT_MS = 25_000;

/** A browser that stopped reading (a suspended laptop) is dropped rather than buffered for; EventSource reconnects. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface LiveHub {
  /** A new Server-Sent Events stream for one tenant; it leaves the hub when it closes. */
  open(tenantId: string): PassThrough;
  /** Sends an event to the open streams of its own tenant, and to no other. */
  broadcast(event: EventEnvelope): void;
  /** Ends every stream and refuses new ones. */
  close(): void;
}

/**
 * Only the type, id and time travel: browsers refetch through the ordinary APIs, so what a
 * user may read is decided in one place (the services' tenant-scoped queries).
 */
export function formatLiveEvent(event: EventEnvelope): string {
  const data = JSON.stringify({ type: event.type, id: event.id, occurredAt: event.occurredAt });
  return `event: ${event.type}\ndata: ${data}\n\n`;
}

export function createLiveHub(heartbeatMs = HEARTBEAT_MS): LiveHub {
  const byTenant = new Map<string, Set<PassThrough>>();
  let closed = false;

  // One timer for every stream: a comment line keeps idle connections open through proxies.
  const heartbeat = setInterval(() => {
    for (const streams of byTenant.values()) for (const stream of streams) send(stream, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function send(stream: PassThrough, text: string) {
    if (stream.writable && !stream.write(text) && stream.writableLength > MAX_BUFFERED_BYTES) stream.destroy();
  }

  function remove(tenantId: string, stream: PassThrough) {
    const streams = byTenant.get(tenantId);
    streams?.delete(stream);
    if (streams?.size === 0) byTenant.delete(tenantId);
  }

  return {
    open(tenantId) {
      const stream = new PassThrough();
      if (closed) {
        stream.end();
        return stream;
      }
      // Written at once so the response headers go out before the first event.
      stream.write(': connected\n\n');
      const streams = byTenant.get(tenantId) ?? new Set();
      streams.add(stream);
      byTenant.set(tenantId, streams);
      // Koa destroys the body when the browser hangs up; ending it on close() lands here too.
      stream.once('close', () => remove(tenantId, stream));
      stream.once('finish', () => remove(tenantId, stream));
      stream.once('error', () => remove(tenantId, stream));
      return stream;
    },

    broadcast(event) {
      const streams = byTenant.get(event.tenantId);
      if (!streams) return;
      const message = formatLiveEvent(event);
      for (const stream of streams) send(stream, message);
    },

    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const streams of [...byTenant.values()]) for (const stream of [...streams]) stream.end();
      byTenant.clear();
    },
  };
}
