import { PrinterOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { Link } from 'react-router';

/** The product mark; links home from every public page. */
export function Brand() {
  const { token } = theme.useToken();
  return (
    <Link
      to="/"
      aria-label="PrintPool home"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: token.colorText, fontSize: 20, fontWeight: 700 }}
    >
      <PrinterOutlined aria-hidden style={{ color: token.colorPrimary }} />
      PrintPool
    </Link>
  );
}
