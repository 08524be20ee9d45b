import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

const NOTIFICATION_TYPE = { default: 'success', destructive: 'error', info: 'info' } as const;

/** Toasts through the shell's antd App, so its limit, duration and theme apply in every remote. */
export function useToast(): { toast: (options: ToastOptions) => void } {
  const { notification } = App.useApp();
  const toast = useCallback(
    ({ title, description, variant = 'default' }: ToastOptions) => {
      notification[NOTIFICATION_TYPE[variant]]({
        title,
        description,
        role: variant === 'destructive' ? 'alert' : 'status',
        props: { 'data-testid': 'toast' },
      });
    },
    [notification],
  );
  return { toast };
}
