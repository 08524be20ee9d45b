import { retryFailedCode } from '@printpool/platform';
import { Button, Modal } from 'antd';
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** What the window is, for its failure's title: 'Purchase order details'. */
  label: string;
  /** Leaves the failed window as Cancel would. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A window whose code is loaded on first use (libs/platform lazyComponent.tsx). When the code did
 * not arrive, even after it was fetched again, only this window says so, with Retry and Close:
 * the page under it, and whatever the person typed there, stay as they were.
 */
export class CodeBoundary extends Component<Props, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  private retry() {
    retryFailedCode();
    this.setState(({ attempt }) => ({ error: null, attempt: attempt + 1 }));
  }

  override render() {
    const { label, onClose, children } = this.props;
    const { error, attempt } = this.state;
    if (!error)
      return (
        <Suspense key={attempt} fallback={null}>
          {children}
        </Suspense>
      );
    return (
      <Modal
        open
        title={`${label} could not be opened`}
        onCancel={onClose}
        footer={[
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
          <Button key="retry" type="primary" onClick={() => this.retry()}>
            Retry
          </Button>,
        ]}
      >
        Its part of PrintPool did not arrive from the server ({error.message}). Retry once the connection is back.
      </Modal>
    );
  }
}
