import { PageHeader } from '@printpool/ui';
import { Col, Row } from 'antd';
import { RemoteArea } from '../../federation/RemoteArea.js';
import { DASHBOARD_WIDGETS } from '../../federation/pageRemotes.js';
import { DashboardStats } from './DashboardStats.js';
import { GettingStarted } from './GettingStarted.js';
import { RecentCommunications } from './RecentCommunications.js';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Overview of your inventory and orders" />
      <GettingStarted />
      <DashboardStats />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <RemoteArea {...DASHBOARD_WIDGETS.bulkPurchaseOrders} />
        </Col>
        <Col xs={24} xl={10}>
          <RemoteArea {...DASHBOARD_WIDGETS.recentSalesOrders} />
        </Col>
        <Col xs={24}>
          <RecentCommunications />
        </Col>
      </Row>
    </>
  );
}
