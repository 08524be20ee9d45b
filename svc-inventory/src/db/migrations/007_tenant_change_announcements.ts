import { announceTenantChanges, type Migration } from '@printpool/service-kit';

/**
 * Every table a list, the dashboard or a form reads announces, at commit, which tenants it
 * changed for, so each process running the service drops its cached answers for them
 * (`TenantReadCache`), whichever process made the change. The outbox, the inbox and the pull
 * ticket counters are bookkeeping and change no answer.
 */
export const tenantChangeAnnouncementsMigration: Migration = {
  name: '007_tenant_change_announcements',
  async up(knex) {
    await announceTenantChanges(knex, [
      'tenant_settings',
      'customers',
      'vendors',
      'items',
      'item_levels',
      'purchase_orders',
      'purchase_order_lines',
      'sales_orders',
      'sales_order_lines',
      'sales_order_tallies',
      'allocations',
      'pull_tickets',
    ]);
  },
};
