import type { PurchaseOrderProgram } from '@printpool/contracts';
import { formatCount, formatUsd } from '@printpool/domain';
import { DocumentLink, documentHref, useCan } from '@printpool/platform';
import { Button, Card, Flex, Typography } from '@printpool/ui';
import { useState } from 'react';
import { usePurchaseOrderProgram } from '../../api/usePurchaseOrderProgram.js';
import { formatDay, localToday, SOURCE_TEXT, storageText, timeLeft } from '../../domain/programTerms.js';
import { EditProgramForm } from './EditProgramForm.js';

const line = { display: 'block' } as const;

function ProgramTerms({ program }: { program: PurchaseOrderProgram }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong style={line}>{`Expires on ${formatDay(program.expiresOn)} (${timeLeft(program.expiresOn, localToday())})`}</Typography.Text>
      <Typography.Text style={line}>
        {`Minimum release: ${program.minReleaseQuantity === null ? 'none' : `${formatCount(program.minReleaseQuantity)} units`}`}
      </Typography.Text>
      <Typography.Text style={line}>{`Release charge: ${formatUsd(program.releaseCharge)}`}</Typography.Text>
      <Typography.Text style={line}>{`Storage: ${storageText(program)}`}</Typography.Text>
      <Typography.Text style={line}>{`Tolerance: ±${program.tolerancePercent}%`}</Typography.Text>
      {program.plannedReleases !== null && <Typography.Text style={line}>{`Planned releases: ${formatCount(program.plannedReleases)}`}</Typography.Text>}
      {program.notes && <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{program.notes}</Typography.Paragraph>}
      <Typography.Text type="secondary" style={line}>
        {SOURCE_TEXT[program.source]}
      </Typography.Text>
      <DocumentLink href={documentHref.program(program.purchaseOrderId)}>Open the program page</DocumentLink>
    </Flex>
  );
}

/**
 * A bulk PO's inventory program (docs/product.md §11): its terms, where they come from, and for
 * staff the Edit program form in their place.
 */
export function ProgramCard({ purchaseOrderId }: { purchaseOrderId: number }) {
  const program = usePurchaseOrderProgram(purchaseOrderId);
  const canWork = useCan('staff');
  const [editing, setEditing] = useState(false);
  let body;
  if (program.isPending) body = <Typography.Text type="secondary">Loading program...</Typography.Text>;
  else if (program.isError) body = <Typography.Text type="danger">Could not load the program</Typography.Text>;
  else if (editing) body = <EditProgramForm program={program.data} onDone={() => setEditing(false)} />;
  else body = <ProgramTerms program={program.data} />;
  return (
    <Card
      size="small"
      title="Program"
      role="group"
      aria-label="Program"
      extra={
        canWork && program.data && !editing ? (
          <Button size="small" onClick={() => setEditing(true)}>
            Edit program
          </Button>
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}
