import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** The one 404 page: the shell's unknown paths and each remote's unknown sub-paths show it alike. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      subTitle="The page you are looking for does not exist."
      extra={
        <Link to="/">
          <Button type="primary">Back to Home</Button>
        </Link>
      }
    />
  );
}
