import { Col, Flex, Grid, Row, Typography } from 'antd';
import { useScrollToHash } from '../shared/useScrollToHash.js';
import { DocumentPage } from '../shared/DocumentPage.js';
import { HelpContents } from './HelpContents.js';
import { HelpSection } from './HelpSection.js';
import { HELP_TOPICS } from './helpSections.js';

export function HelpPage() {
  useScrollToHash();
  // Beside the guide the contents stay in view; above it (narrow screens) they would cover it.
  const { lg } = Grid.useBreakpoint();
  return (
    <DocumentPage title="Help & Setup Guide" maxWidth={1200}>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        Help &amp; Setup Guide
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 760 }}>
        Connect PrintPool to QuickBooks Online, set up bulk detection and learn how estimates become sales orders and pull tickets.
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={6} style={lg ? { position: 'sticky', top: 24 } : undefined}>
          <HelpContents />
        </Col>
        <Col xs={24} lg={18}>
          <Flex vertical gap={24}>
            {HELP_TOPICS.map(({ id, title, Content }) => (
              <HelpSection key={id} id={id} title={title}>
                <Content />
              </HelpSection>
            ))}
          </Flex>
        </Col>
      </Row>
    </DocumentPage>
  );
}
