import { PageHeader } from '@printpool/ui';
import { Flex } from 'antd';
import { RemoteArea } from '../../federation/RemoteArea.js';
import { DASHBOARD_WIDGETS } from '../../federation/pageRemotes.js';
import { DashboardStats } from './DashboardStats.js';
import { GettingStarted } from './GettingStarted.js';
import { QuickbooksConflicts } from './QuickbooksConflicts.js';
import { RecentCommunications } from './RecentCommunications.js';
import { SyncHealthPanel } from './SyncHealthPanel.js';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of your inventory and orders" />
      <GettingStarted />
      <SyncHealthPanel />
      <QuickbooksConflicts />
      <DashboardStats />
      {/* Wrapping boxes rather than antd's Row and Col: the first page then carries no grid stylesheet
          (libs/platform/build/antdStyles.js). The widgets sit side by side where both fit, else one
          under the other. */}
      <Flex wrap gap={16} style={{ marginTop: 16 }}>
        <div style={{ flex: '14 1 480px', minWidth: 0 }}>
          <RemoteArea {...DASHBOARD_WIDGETS.bulkPurchaseOrders} />
        </div>
        <div style={{ flex: '10 1 360px', minWidth: 0 }}>
          <RemoteArea {...DASHBOARD_WIDGETS.recentSalesOrders} />
        </div>
        <div style={{ flex: '1 1 100%', minWidth: 0 }}>
          <RemoteArea {...DASHBOARD_WIDGETS.stockAlerts} />
        </div>
        <div style={{ flex: '1 1 100%', minWidth: 0 }}>
          <RemoteArea {...DASHBOARD_WIDGETS.programs} />
        </div>
        <div style={{ flex: '1 1 100%', minWidth: 0 }}>
          <RecentCommunications />
        </div>
      </Flex>
    </>
  );
}
