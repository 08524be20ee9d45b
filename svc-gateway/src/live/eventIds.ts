import type { StreamPositions } from '@printpool/service-kit';

/**
 * How far behind a returning browser may be and still be handed what it missed, in events of
 * one stream: beyond that it reads its pages again instead (a `resync` event), which costs less
 * than reading a long stretch of every tenant's events for it.
 */
export const MAX_MISSED_EVENTS = 100_000;

const PART = /^([A-Z][A-Z0-9_]{0,63}):(\d{1,15})$/;

/**
 * The id of a live event: where the browser stands in each stream (`INVENTORY:1204,DOCUMENTS:88`).
 * EventSource sends the last one back as Last-Event-ID when it reconnects, to any replica.
 */
export function formatEventId(positions: StreamPositions): string {
  return Object.entries(positions)
    .map(([stream, seq]) => `${stream}:${seq}`)
    .join(',');
}

/** The positions in a Last-Event-ID, or undefined for anything this gateway did not write. */
export function parseEventId(id: string | undefined): StreamPositions | undefined {
  if (!id || id.length > 1_000) return undefined;
  const positions: Record<string, number> = {};
  for (const part of id.split(',')) {
    const match = PART.exec(part);
    if (!match) return undefined;
    positions[match[1]!] = Number(match[2]);
  }
  return positions;
}

/** Whether a browser last at `after` can be handed everything up to `now`: every stream known, none ahead, none too far behind. */
export function canCatchUp(after: StreamPositions, now: StreamPositions): boolean {
  const streams = Object.keys(now);
  if (streams.length === 0) return false;
  return streams.every((stream) => {
    const from = after[stream];
    return from !== undefined && from <= now[stream]! && now[stream]! - from <= MAX_MISSED_EVENTS;
  });
}
