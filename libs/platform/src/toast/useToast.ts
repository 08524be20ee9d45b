import { App } from 'antd';
import { useCallback, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

const NOTIFICATION_TYPE = { default: 'success', destructive: 'error', info: 'info' } as const;

// A toast is styled by the part of antd's stylesheet the dashboard's first load does not carry
// (libs/platform/build/antdStyles.js): the first one waits for it, or shows without it if it cannot come.
const stylesForToasts = () => import('../styles/restStyles.js');

/** Toasts through the shell's antd App, so its limit, duration and theme apply in every remote. */
export function useToast(): { toast: (options: ToastOptions) => void } {
  const { notification } = App.useApp();
  const toast = useCallback(
    ({ title, description, variant = 'default' }: ToastOptions) => {
      const show = () =>
        notification[NOTIFICATION_TYPE[variant]]({
          title,
          description,
          role: variant === 'destructive' ? 'alert' : 'status',
          props: { 'data-testid': 'toast' },
        });
      void stylesForToasts().then(show, show);
    },
    [notification],
  );
  return { toast };
}
