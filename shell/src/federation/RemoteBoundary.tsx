import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import type { RemoteRef } from './remoteNames.js';
import { IncompatibleRemote } from './sharedCompatibility.js';

interface Props {
  remote: RemoteRef;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a remote's failure inside its own area: the rest of the shell stays usable. */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { remote, onRetry, children } = this.props;
    const { error } = this.state;
    if (!error) return children;
    // Retrying cannot help: the remote must be rebuilt for this app, or the app updated.
    if (error instanceof IncompatibleRemote) {
      return (
        <Result
          status="error"
          data-testid={`remote-error-${remote.name}`}
          title={`${remote.label} cannot run in this version of PrintPool`}
          subTitle={`The ${remote.name} module was built for other shared libraries. ${error.message}`}
        />
      );
    }
    return (
      <Result
        status="warning"
        data-testid={`remote-error-${remote.name}`}
        title={`${remote.label} is unavailable`}
        subTitle={`The ${remote.name} module could not be loaded. ${error.message}`}
        extra={
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
}
