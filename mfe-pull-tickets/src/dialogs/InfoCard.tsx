import { Card, Typography } from '@printpool/ui';
import type { ReactNode } from 'react';

/** A titled group of the ticket's fields, a label and its value per line. */
export function InfoCard({ title, lines }: { title: string; lines: { label: string; value: ReactNode }[] }) {
  return (
    <Card size="small" title={title} role="group" aria-label={title} style={{ flex: '1 1 240px' }}>
      {lines.map(({ label, value }) => (
        <div key={label}>
          <Typography.Text type="secondary">{label}: </Typography.Text>
          <Typography.Text style={{ whiteSpace: 'pre-line' }}>{value}</Typography.Text>
        </div>
      ))}
    </Card>
  );
}
