import { Anchor, Card, Typography } from 'antd';
import { HELP_TOPICS } from './helpSections.js';

const ANCHOR_ITEMS = HELP_TOPICS.map(({ id, title }) => ({ key: id, href: `#${id}`, title }));

export function HelpContents() {
  return (
    <nav aria-labelledby="help-contents-title">
      <Card size="small">
        <Typography.Text id="help-contents-title" strong>
          Contents
        </Typography.Text>
        <Anchor affix={false} targetOffset={24} items={ANCHOR_ITEMS} style={{ marginTop: 8 }} />
      </Card>
    </nav>
  );
}
