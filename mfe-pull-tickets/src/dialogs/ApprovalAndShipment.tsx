import { formatDate, orDash } from '@printpool/domain';
import { Flex, Typography } from '@printpool/ui';
import { useState } from 'react';
import type { PullTicket } from '../api/pullTickets.js';
import { InfoCard } from './InfoCard.js';

/**
 * The proof the vendor's approval carried. Its stored path has no extension (svc-documents'
 * attachmentRoutes.ts names it by id), so it is shown as an image and, when the browser cannot
 * show it as one (a PDF), as a link; the link is always there to open it full size.
 */
function Proof({ path }: { path: string }) {
  const [isImage, setIsImage] = useState(true);
  return (
    <Flex vertical gap={8} align="flex-start">
      {isImage && (
        <img src={path} alt="Approved proof" style={{ maxWidth: '100%', maxHeight: 320, border: '1px solid #f0f0f0' }} onError={() => setIsImage(false)} />
      )}
      <Typography.Link href={path} target="_blank" rel="noopener noreferrer" underline>
        {isImage ? 'Open the proof' : 'Open the proof (PDF)'}
      </Typography.Link>
    </Flex>
  );
}

/** What happened to the ticket after it went to the vendor: the approval (notes and proof) and the shipment. */
export function ApprovalAndShipment({ ticket }: { ticket: PullTicket }) {
  const approved = Boolean(ticket.approvalNotes || ticket.attachmentPath);
  const shipped = Boolean(ticket.shippedAt || ticket.carrier || ticket.trackingNumber);
  if (!approved && !shipped) return null;
  return (
    <Flex gap={12} wrap>
      {approved && (
        <div role="group" aria-label="Approval" style={{ flex: '1 1 320px' }}>
          <Typography.Title level={5}>Approval</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{ticket.approvalNotes || 'No approval notes'}</Typography.Paragraph>
          {ticket.attachmentPath ? <Proof path={ticket.attachmentPath} /> : <Typography.Text type="secondary">No proof attached</Typography.Text>}
        </div>
      )}
      {shipped && (
        <InfoCard
          title="Shipment"
          lines={[
            { label: 'Shipped', value: formatDate(ticket.shippedAt) },
            { label: 'Carrier', value: orDash(ticket.carrier) },
            { label: 'Tracking Number', value: orDash(ticket.trackingNumber) },
          ]}
        />
      )}
    </Flex>
  );
}
