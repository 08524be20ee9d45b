import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import type { RemoteRef } from './remoteNames.js';

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
    if (!this.state.error) return children;
    return (
      <Result
        status="warning"
        data-testid={`remote-error-${remote.name}`}
        title={`${remote.label} is unavailable`}
        subTitle={`The ${remote.name} module could not be loaded. ${this.state.error.message}`}
        extra={
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
}
