import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

export function BackToHomeLink() {
  return (
    <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <ArrowLeftOutlined aria-hidden />
      Back to Home
    </Link>
  );
}
