import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import { requireSession } from '../http/session.js';
import type { LiveHub } from '../live/liveHub.js';

/** Live updates for the signed-in user's tenant as Server-Sent Events (EventSource('/api/live')). */
export function liveRoutes(deps: { hub: LiveHub }): ServiceRouter {
  const router = createRouter('/api');

  router.get('/live', (ctx) => {
    const session = requireSession(ctx);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-cache');
    // Reverse proxies such as nginx would otherwise hold the events back in their buffers.
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = deps.hub.open(session.tenantId);
  });

  return router;
}
