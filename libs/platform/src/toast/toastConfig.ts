import type { NotificationConfig } from 'antd/es/notification/interface';

/** At most one toast at a time, shown for 5000 ms (docs/product.md §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const notificationConfig: NotificationConfig = {
  maxCount: TOAST_LIMIT,
  duration: TOAST_DURATION_MS / 1000,
  placement: 'bottomRight',
};
