import { askUntilBack, failedCodeArrives, retryFailedCode } from '@printpool/platform';
import { Button, Modal } from 'antd';
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** What the window is, for its failure's title: 'Purchase order details'. */
  label: string;
  /** Leaves the failed window as Cancel would. */
  onClose: () => void;
  children: ReactNode;
}

/** While a window's code has not arrived, how often it is looked for again, out of sight. */
export const CODE_RECHECK_MS = 5_000;

/**
 * A window whose code is loaded on first use (libs/platform lazyComponent.tsx). When the code did
 * not arrive, even after it was fetched again, only this window says so, with Retry and Close:
 * the page under it, and whatever the person typed there, stay as they were. Meanwhile it looks
 * for the code every few seconds and as soon as the browser is back online, and opens by itself
 * once the code arrives, as when the server is back after a restart.
 */
export class CodeBoundary extends Component<Props, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };
  private stopRecheck: (() => void) | null = null;
  /** What had focus as the window was asked for: its button, or the menu's button it was chosen from. */
  private opener: HTMLElement | null = null;

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidMount() {
    this.opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }

  override componentDidUpdate(_props: Props, before: { error: Error | null }) {
    // The failure's window has gone, and with it what had focus there: focus goes back to the
    // opener before the window itself opens, which then gives focus back to it when it closes
    // (antd's Modal returns focus to what had it as it opened).
    if (before.error && !this.state.error) this.opener?.focus();
    if (!this.state.error || this.stopRecheck) return;
    this.stopRecheck = askUntilBack(failedCodeArrives, () => this.retry(), CODE_RECHECK_MS);
  }

  override componentWillUnmount() {
    this.stopRecheck?.();
    this.stopRecheck = null;
    // A window closed by leaving the page takes the focus with it: once it is gone, focus goes
    // back to its opener if nothing else took it (WCAG 2.4.3).
    const opener = this.opener;
    if (opener)
      requestAnimationFrame(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener.isConnected) opener.focus();
      });
  }

  private retry() {
    this.stopRecheck?.();
    this.stopRecheck = null;
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
        Its part of PrintPool did not arrive from the server ({error.message}). It opens by itself once the connection is back; Retry tries at once.
      </Modal>
    );
  }
}
