import { Card, Col, Row, Typography, theme } from 'antd';
import { FEATURES } from './features.js';

export function FeatureGrid() {
  const { token } = theme.useToken();
  return (
    <Row gutter={[24, 24]} role="list">
      {FEATURES.map(({ title, description, icon }) => (
        <Col key={title} xs={24} sm={12} lg={8} role="listitem">
          <Card style={{ height: '100%' }}>
            <span aria-hidden style={{ fontSize: 28, color: token.colorPrimary }}>
              {icon}
            </span>
            <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, marginTop: 12 }}>
              {title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {description}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
