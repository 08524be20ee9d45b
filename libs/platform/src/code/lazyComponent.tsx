import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { retryingLoad } from './retryingLoad.js';

/** Counts the person's Retry: a component whose code failed before the latest one fetches it again. */
let retries = 0;

/** A boundary's Retry (libs/ui CodeBoundary.tsx): each window whose code failed to arrive fetches it again when next rendered. */
export function retryFailedCode(): void {
  retries += 1;
}

/** The downloads that failed and have not arrived since. */
const failedLoads = new Set<() => Promise<unknown>>();

/**
 * Tries each failed download once more, out of sight: true when every one arrived. A boundary
 * showing a failure asks this now and then (libs/ui CodeBoundary.tsx), and retries only once the
 * code is there, so its window opens by itself when the server is back, without flickering
 * between a failure and a wait meanwhile.
 */
export async function failedCodeArrives(): Promise<boolean> {
  const arrived = await Promise.all(
    [...failedLoads].map((load) =>
      load().then(
        () => {
          failedLoads.delete(load);
          return true;
        },
        () => false,
      ),
    ),
  );
  return arrived.every(Boolean);
}

/**
 * A component of a chunk loaded on first use (`lazyComponent(() => import('./X.js'), 'X')`), its
 * download tried again as retryingLoad.ts says. React keeps a lazy component's failure for good
 * and renders a failed tree once more by itself, so the failed one is replaced only after the
 * person's Retry: then it is fetched again, once.
 */
export function lazyComponent<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  let failedBefore: number | null = null;
  const fresh = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        const loaded = await retryingLoad(load);
        failedLoads.delete(load);
        return { default: loaded[name] };
      } catch (error) {
        failedBefore = retries;
        failedLoads.add(load);
        throw error;
      }
    });
  let current = fresh();
  return function LazyLoaded(props: P) {
    if (failedBefore !== null && failedBefore !== retries) {
      failedBefore = null;
      current = fresh();
    }
    const Loaded = current;
    return <Loaded {...props} />;
  };
}
