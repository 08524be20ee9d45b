import { useAuth } from '@printpool/platform';
import '@printpool/platform/rest-styles';
import { PageHeader } from '@printpool/ui';
import { Col, Row } from 'antd';
import { PageSpinner } from '../../components/PageSpinner.js';
import { RemoteArea } from '../../federation/RemoteArea.js';
import { SETTINGS_SECTIONS } from '../../federation/pageRemotes.js';
import { BulkDetectionForm } from './BulkDetectionForm.js';
import { HowItWorksCard } from './HowItWorksCard.js';

export function SettingsPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  return (
    <>
      <PageHeader title="Settings" subtitle="Configure how PrintPool identifies BULK items in QuickBooks" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <BulkDetectionForm user={user} />
        </Col>
        <Col xs={24} lg={10}>
          <HowItWorksCard />
        </Col>
        <Col xs={24} lg={14}>
          <RemoteArea {...SETTINGS_SECTIONS.vendorProgramDefaults} />
        </Col>
      </Row>
    </>
  );
}
