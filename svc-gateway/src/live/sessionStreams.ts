import type { Duplex } from 'node:stream';
import type { SessionStore } from '../auth/sessionStore.js';

export interface SessionStreams {
  /** Keeps `stream` open only as long as the session `token` named when it opened. */
  hold(tenantId: string, token: string, stream: Duplex): void;
  /** A change to the company's members or sessions was heard: its streams whose session ended end now. */
  recheck(tenantId: string): void;
}

/**
 * A live stream stays open for hours, past the request that resolved its session. When a change
 * to its company's members or sessions is heard (auth/memberChanges.ts), on this replica or
 * another, each of the company's streams looks its session up again, and one whose session
 * ended (a member removed, a browser signed out) ends too: EventSource reconnects and is refused.
 */
export function sessionStreams(sessions: Pick<SessionStore, 'resolve'>): SessionStreams {
  const byTenant = new Map<string, Map<Duplex, string>>();
  return {
    hold(tenantId, token, stream) {
      const streams = byTenant.get(tenantId) ?? new Map<Duplex, string>();
      streams.set(stream, token);
      byTenant.set(tenantId, streams);
      stream.once('close', () => {
        streams.delete(stream);
        if (streams.size === 0 && byTenant.get(tenantId) === streams) byTenant.delete(tenantId);
      });
    },
    recheck(tenantId) {
      for (const [stream, token] of byTenant.get(tenantId) ?? []) {
        // A lookup that fails (the database away) leaves the stream be: the next change asks again.
        sessions.resolve(token).then(
          (session) => {
            if (session?.tenantId !== tenantId) stream.end();
          },
          () => undefined,
        );
      }
    },
  };
}
