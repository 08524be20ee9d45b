import { Card, Col, Row, Typography } from 'antd';
import { ContactForm } from '../contact/ContactForm.js';

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" style={{ padding: 'clamp(48px, 8vw, 96px) 0' }}>
      <Row gutter={[32, 24]} align="top">
        <Col xs={24} lg={9}>
          <Typography.Title id="contact-title" level={2}>
            Get in Touch
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Questions about connecting your QuickBooks Online company, setting up bulk purchase orders or moving your team over? Send us a message and we will
            reply by email.
          </Typography.Paragraph>
        </Col>
        <Col xs={24} lg={15}>
          <Card>
            <ContactForm />
          </Card>
        </Col>
      </Row>
    </section>
  );
}
