import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createLiveInvalidator, LIVE_EVENT_KEYS } from './liveInvalidation.js';

export const LIVE_PATH = '/api/live';

/**
 * Keeps the signed-in pages current with changes made elsewhere (a sync applied by
 * svc-inventory, a webhook, another user): the gateway's event stream names what changed and
 * the affected queries are refetched. Mounted once, in the signed-in layout. EventSource
 * reconnects by itself after a network error; stream errors are not shown to the user.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Without EventSource (jsdom) pages still refresh on the user's own actions.
    if (typeof EventSource === 'undefined') return;
    const invalidator = createLiveInvalidator((keys) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    });
    const source = new EventSource(LIVE_PATH);
    const onEvent = (event: MessageEvent) => invalidator.add(event.type);
    for (const type of Object.keys(LIVE_EVENT_KEYS)) source.addEventListener(type, onEvent);
    let opened = false;
    source.addEventListener('open', () => {
      // Events sent while the stream was down are lost; refresh what they could have changed.
      if (opened) invalidator.addAll();
      opened = true;
    });
    return () => {
      source.close();
      invalidator.cancel();
    };
  }, [queryClient]);
}
