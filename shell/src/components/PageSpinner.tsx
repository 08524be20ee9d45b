import { Flex, Spin } from 'antd';

/** Full-area spinner for pages waiting on the session or on their code. */
export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '40vh' }}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
