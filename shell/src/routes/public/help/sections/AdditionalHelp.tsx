import { Typography } from 'antd';
import { Link } from 'react-router';

export function AdditionalHelp() {
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      Still stuck, or have a question about your setup?{' '}
      <Link to={{ pathname: '/', hash: '#contact' }} style={{ textDecoration: 'underline' }}>
        Send us a message
      </Link>{' '}
      through the contact form and we will get back to you by email.
    </Typography.Paragraph>
  );
}
