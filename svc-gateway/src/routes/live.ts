import type { EventBus } from '@printpool/service-kit';
import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import { requireSession } from '../http/session.js';
import { canCatchUp, parseEventId } from '../live/eventIds.js';
import { LIVE_SUBJECTS } from '../live/followEvents.js';
import type { LiveHub, LiveStart } from '../live/liveHub.js';
import type { SessionStreams } from '../live/sessionStreams.js';
import { readSessionCookie } from '../auth/sessionCookie.js';

/**
 * Live updates for the signed-in user's tenant as Server-Sent Events (EventSource('/api/live')).
 * A browser that comes back with a Last-Event-ID, to this replica or another, is first handed
 * what it missed, where the bus keeps events (NATS); else it is told to read its pages again.
 */
export function liveRoutes(deps: {
  hub: LiveHub;
  bus: EventBus;
  sessions?: SessionStreams;
  /** Settles once this gateway follows the events (followEvents.ts). */
  following?: Promise<unknown>;
}): ServiceRouter {
  const router = createRouter('/api');
  const { bus } = deps;

  async function startOf(lastEventId: string | undefined): Promise<LiveStart> {
    if (!bus.positions || !bus.readBetween) return { now: {}, resync: lastEventId !== undefined };
    // Where the streams stand is read only once the hub follows them: a replica just started
    // would otherwise hand on nothing stored between that reading and its consumer's start.
    await deps.following;
    const now = await bus.positions(LIVE_SUBJECTS);
    if (lastEventId === undefined) return { now };
    const after = parseEventId(lastEventId);
    if (!after || !canCatchUp(after, now)) return { now, resync: true };
    const readBetween = bus.readBetween.bind(bus);
    return { now, catchUp: { after, read: (handler) => readBetween(LIVE_SUBJECTS, after, now, handler) } };
  }

  router.get('/live', async (ctx) => {
    const session = requireSession(ctx);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-cache');
    // Reverse proxies such as nginx would otherwise hold the events back in their buffers.
    ctx.set('X-Accel-Buffering', 'no');
    // Not awaited: the stream joins the hub now and starts once its start is known (liveHub.ts).
    const stream = deps.hub.open(session.tenantId, startOf(ctx.get('last-event-id') || undefined));
    // Ends with its session: a member removed or signed out stops hearing the company's events.
    deps.sessions?.hold(session.tenantId, readSessionCookie(ctx) ?? '', stream);
    ctx.body = stream;
  });

  return router;
}
