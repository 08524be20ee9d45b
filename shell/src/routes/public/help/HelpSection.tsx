import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

interface HelpSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** One anchored card of the guide; the scroll margin keeps its heading clear of the window edge. */
export function HelpSection({ id, title, children }: HelpSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} style={{ scrollMarginTop: 24 }}>
      <Card>
        <Typography.Title id={`${id}-title`} level={2} style={{ fontSize: 22, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </section>
  );
}
