import { retryingLoad, type RemoteName } from '@printpool/platform';
import { Flex, Spin } from 'antd';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { RemoteBoundary } from './RemoteBoundary.js';
import { loadRemoteModule, remoteAnswers } from './remotes.js';
import type { RemoteModule } from './pageRemotes.js';

type Props = RemoteModule & {
  /** Shell code the remote's component needs, fetched at the same time as the remote. */
  preload?: () => Promise<unknown>;
};

/** Retry count per remote: Retry in any area loads that remote afresh everywhere. */
const attempts = new Map<string, number>();

/**
 * One lazy component per remote module and attempt, kept outside React: a tree that fails
 * before it commits loses its state, and a lazy made during render would load again on
 * every re-render React tries.
 */
const lazyComponents = new Map<string, LazyExoticComponent<ComponentType>>();

function remoteComponent(remote: RemoteName, exposed: string, exportName: string, attempt: number, preload?: () => Promise<unknown>) {
  const key = `${remote}/${exposed}#${exportName}@${attempt}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(async () => {
      // A remote that did not arrive is fetched again a few times before the area says so (retryingLoad.ts).
      const [module] = await retryingLoad((retry) =>
        Promise.all([loadRemoteModule<Record<string, ComponentType>>(remote, exposed, attempt > 0 || retry > 0), preload?.()]),
      );
      const exported = module[exportName];
      if (!exported) throw new Error(`${remote}/${exposed} has no export ${exportName}`);
      return { default: exported };
    });
    lazyComponents.set(key, component);
  }
  return component;
}

/** A remote's component, loaded at runtime, with its own loading state, error boundary and Retry. */
export function RemoteArea({ remote, exposed, exportName = 'default', preload }: Props) {
  const [attempt, setAttempt] = useState(() => attempts.get(remote.name) ?? 0);
  const RemoteComponent = remoteComponent(remote.name, exposed, exportName, attempt, preload);
  const retry = () => {
    const next = (attempts.get(remote.name) ?? 0) + 1;
    attempts.set(remote.name, next);
    setAttempt(next);
  };
  return (
    <RemoteBoundary key={attempt} remote={remote} onRetry={retry} answers={() => remoteAnswers(remote.name)}>
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin aria-label={`Loading ${remote.label}`} />
          </Flex>
        }
      >
        <RemoteComponent />
      </Suspense>
    </RemoteBoundary>
  );
}
