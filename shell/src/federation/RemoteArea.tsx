import { Flex, Spin } from 'antd';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { RemoteBoundary } from './RemoteBoundary.js';
import { loadRemoteModule } from './remotes.js';
import type { RemoteRef } from './remoteNames.js';

interface Props {
  remote: RemoteRef;
  /** The exposed module without './', e.g. 'routes'. */
  exposed: string;
  /** Which export of the module is the component. */
  exportName?: string;
}

/** A remote's component, loaded at runtime, with its own loading state, error boundary and Retry. */
export function RemoteArea({ remote, exposed, exportName = 'default' }: Props) {
  const [attempt, setAttempt] = useState(0);
  const RemoteComponent = useMemo(
    () =>
      lazy(async () => {
        const module = await loadRemoteModule<Record<string, ComponentType>>(remote.name, exposed, attempt > 0);
        const component = module[exportName];
        if (!component) throw new Error(`${remote.name}/${exposed} has no export ${exportName}`);
        return { default: component };
      }),
    [remote.name, exposed, exportName, attempt],
  );
  return (
    <RemoteBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
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
