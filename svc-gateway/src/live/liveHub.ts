import { PassThrough } from 'node:stream';
import type { EventEnvelope, EventHandler, EventPosition, StreamPositions } from '@printpool/service-kit';
import { formatEventId } from './eventIds.js';

/** Proxies and load balancers drop a connection that stays silent for a minute or so. */
export const HEARTBEAT_MS = 25_000;

/** A browser that stopped reading (a suspended laptop) is dropped rather than buffered for; EventSource reconnects. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Where a browser's stream starts. */
export interface LiveStart {
  /** Each stream's newest position as the browser connects; empty on a bus that keeps no events. */
  now: StreamPositions;
  /**
   * For a browser coming back (its Last-Event-ID): hands over what it missed between its last
   * event and `now` before any live event, so it misses nothing whichever replica it lost.
   */
  catchUp?: { after: StreamPositions; read: (handler: EventHandler) => Promise<void> };
  /** Tells the browser it has to read its pages again: it came back too late, or from a stream that cannot resume. */
  resync?: boolean;
}

export interface LiveHub {
  /** A new Server-Sent Events stream for one tenant, from where `start` says; it leaves the hub when it closes. */
  open(tenantId: string, start?: LiveStart | Promise<LiveStart>): PassThrough;
  /** Sends an event to the open streams of its own tenant, and to no other. */
  broadcast(event: EventEnvelope, position?: EventPosition): void;
  /** Ends every stream and refuses new ones. */
  close(): void;
}

/**
 * Only the type, id and time travel: browsers refetch through the ordinary APIs, so what a
 * user may read is decided in one place (the services' tenant-scoped queries). The SSE id is
 * where the browser stands in the bus's streams (eventIds.ts).
 */
export function formatLiveEvent(event: EventEnvelope, streamId?: string): string {
  const data = JSON.stringify({ type: event.type, id: event.id, occurredAt: event.occurredAt });
  return `${streamId ? `id: ${streamId}\n` : ''}event: ${event.type}\ndata: ${data}\n\n`;
}

/** One browser's stream, and where it stands. */
interface Browser {
  stream: PassThrough;
  /** The newest position of each stream sent to it, or caught up to. */
  sent: Record<string, number>;
  /** Its event id: `sent`, and for a stream with nothing sent yet where that stream stood when it connected. */
  mark: Record<string, number>;
  /** Live events held back until the browser has its id and has caught up on what it missed. */
  held?: [EventEnvelope, EventPosition | undefined][];
}

export function createLiveHub(heartbeatMs = HEARTBEAT_MS): LiveHub {
  const byTenant = new Map<string, Set<Browser>>();
  let closed = false;

  // One timer for every stream: a comment line keeps idle connections open through proxies.
  const heartbeat = setInterval(() => {
    for (const browsers of byTenant.values()) for (const browser of browsers) write(browser, ': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function write(browser: Browser, text: string) {
    const { stream } = browser;
    if (stream.writable && !stream.write(text) && stream.writableLength > MAX_BUFFERED_BYTES) stream.destroy();
  }

  /** Each event once: a live event the catch-up already handed over (or the other way round) is not sent again. */
  function send(browser: Browser, event: EventEnvelope, position: EventPosition | undefined) {
    if (position) {
      if ((browser.sent[position.stream] ?? 0) >= position.seq) return;
      browser.sent[position.stream] = position.seq;
      browser.mark[position.stream] = Math.max(browser.mark[position.stream] ?? 0, position.seq);
    }
    write(browser, formatLiveEvent(event, position ? formatEventId(browser.mark) : undefined));
  }

  function remove(tenantId: string, browser: Browser) {
    const browsers = byTenant.get(tenantId);
    browsers?.delete(browser);
    if (browsers?.size === 0) byTenant.delete(tenantId);
  }

  /**
   * Starts a browser's stream once where it starts is known: its id, then what it missed, then
   * the live events the hub held for it meanwhile, each once. The browser is in the hub from
   * the moment it connected, so no live event falls between reading the streams' positions and
   * joining the hub.
   */
  async function begin(tenantId: string, browser: Browser, starting: Promise<LiveStart>) {
    const start = await starting.catch((): LiveStart => ({ now: {}, resync: true }));
    // A new browser is sent every live event the hub got since it connected, even one stored a
    // moment before: the pages it read may be older than that.
    browser.sent = { ...start.catchUp?.after };
    browser.mark = { ...start.now, ...browser.sent };
    // An id alone sets the browser's Last-Event-ID, so it can come back from here even before any event.
    const id = formatEventId(browser.mark);
    if (id) write(browser, `id: ${id}\n\n`);
    let resync = start.resync === true;
    if (start.catchUp) {
      try {
        await start.catchUp.read(async (event, position) => {
          if (event.tenantId === tenantId && browser.stream.writable) send(browser, event, position);
        });
      } catch {
        // What was missed cannot be read now: the browser reads its pages again instead.
        resync = true;
      }
    }
    if (resync) write(browser, 'event: resync\ndata: {}\n\n');
    const held = browser.held ?? [];
    browser.held = undefined;
    for (const [event, position] of held) send(browser, event, position);
  }

  return {
    open(tenantId, start = { now: {} }) {
      const stream = new PassThrough();
      if (closed) {
        stream.end();
        return stream;
      }
      const browser: Browser = { stream, sent: {}, mark: {}, held: [] };
      // Written at once so the response headers go out before the first event.
      write(browser, ': connected\n\n');
      const browsers = byTenant.get(tenantId) ?? new Set();
      browsers.add(browser);
      byTenant.set(tenantId, browsers);
      // Koa destroys the body when the browser hangs up; ending it on close() lands here too.
      const leave = () => remove(tenantId, browser);
      stream.once('close', leave);
      stream.once('finish', leave);
      stream.once('error', leave);
      void begin(tenantId, browser, Promise.resolve(start));
      return stream;
    },

    broadcast(event, position) {
      const browsers = byTenant.get(event.tenantId);
      if (!browsers) return;
      for (const browser of browsers) {
        if (browser.held) browser.held.push([event, position]);
        else send(browser, event, position);
      }
    },

    close() {
      closed = true;
      clearInterval(heartbeat);
      for (const browsers of [...byTenant.values()]) for (const browser of [...browsers]) browser.stream.end();
      byTenant.clear();
    },
  };
}
