import { isForeignCurrency, totalsRows, type DocumentFigures } from '@printpool/domain';
import { Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A purchase or sales order's total as QuickBooks computed it: subtotal, discount and tax above it
 * when QuickBooks gave them, every figure in the document's currency, named when it is not USD.
 * Without them it is the total alone.
 */
export function DocumentTotals({ doc, totalStyle }: { doc: DocumentFigures; totalStyle?: CSSProperties }) {
  const rows = totalsRows(doc);
  const total = rows[rows.length - 1]!;
  const breakdown = rows.slice(0, -1);
  const totalText = (
    <Typography.Text strong style={totalStyle}>
      {total.text}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={2}>
      {breakdown.map((row) => (
        <Flex key={row.label} justify="space-between" gap={12} role="group" aria-label={row.label}>
          <Typography.Text type="secondary">{row.label}</Typography.Text>
          <Typography.Text>{row.text}</Typography.Text>
        </Flex>
      ))}
      {breakdown.length > 0 ? (
        <Flex justify="space-between" gap={12} role="group" aria-label="Total">
          <Typography.Text strong>Total</Typography.Text>
          {totalText}
        </Flex>
      ) : (
        totalText
      )}
      {isForeignCurrency(doc.currency) && <Typography.Text type="secondary">Currency: {doc.currency.trim().toUpperCase()}</Typography.Text>}
    </Flex>
  );
}
