import { askUntilBack } from '@printpool/platform';
import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import type { RemoteRef } from './remoteNames.js';
import { IncompatibleRemote } from './sharedCompatibility.js';

interface Props {
  remote: RemoteRef;
  onRetry: () => void;
  /** Whether the remote answers again, asked out of sight (remotes.ts remoteAnswers). */
  answers: () => Promise<boolean>;
  children: ReactNode;
}

/** While a remote is unavailable, how often its area asks whether it answers again. */
export const REMOTE_RECHECK_MS = 5_000;

/**
 * Keeps a remote's failure inside its own area: the rest of the shell stays usable. An area that
 * could not load asks every few seconds whether the remote answers again, and loads it by itself
 * once it does or as soon as the browser is back online, so it recovers once the server is back,
 * with the rest of the page as the person left it; Retry tries at once.
 */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };
  private stopRecheck: (() => void) | null = null;

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate() {
    const { error } = this.state;
    if (!error || error instanceof IncompatibleRemote || this.stopRecheck) return;
    this.stopRecheck = askUntilBack(this.props.answers, () => this.props.onRetry(), REMOTE_RECHECK_MS);
  }

  override componentWillUnmount() {
    this.stopRecheck?.();
    this.stopRecheck = null;
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
