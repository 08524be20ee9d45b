// The antd components the remotes use, and nothing else: this package is the shared singleton
// through which remotes reach the shell's antd (same theme, same App), without shipping the
// whole library. This entry holds what the dashboard's first load needs; heavier components
// have entries of their own (./table, ./input), fetched only by the pages that use them.
export { Badge, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
