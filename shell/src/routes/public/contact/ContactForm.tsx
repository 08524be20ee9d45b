import { SendOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row } from 'antd';
import { EMPTY_CONTACT_MESSAGE, normalizeContactMessage, type ContactMessage } from './contactMessage.js';
import { useSendContactMessage } from './useSendContactMessage.js';

/**
 * Contact form embedded in the landing page. Required fields carry antd's mark and
 * aria-required but no HTML `required`: a missing field is reported by one toast naming all
 * three, while the browser still checks the e-mail format through type="email".
 */
export function ContactForm() {
  const [form] = Form.useForm<ContactMessage>();
  const { send, sending } = useSendContactMessage();

  const handleFinish = async (values: Partial<ContactMessage>) => {
    if (await send(normalizeContactMessage(values))) form.resetFields();
  };

  return (
    <Form form={form} name="contact" layout="vertical" initialValues={EMPTY_CONTACT_MESSAGE} onFinish={handleFinish}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Name" name="name" required>
            <Input autoComplete="name" aria-required />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" required>
            <Input type="email" autoComplete="email" aria-required />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Company" name="company">
            <Input autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Phone" name="phone">
            <Input type="tel" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Subject" name="subject">
        <Input />
      </Form.Item>
      <Form.Item label="Message" name="message" required>
        <Input.TextArea rows={5} aria-required />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} loading={sending} block>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  );
}
