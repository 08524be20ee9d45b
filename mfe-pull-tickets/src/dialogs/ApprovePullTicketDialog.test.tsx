/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { ATTACHMENT_MAX_BYTES } from '../domain/attachment.js';
import { sentTicket } from '../test-support/tickets.js';
import { ApprovePullTicketDialog } from './ApprovePullTicketDialog.js';

const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const stored = { id: 9, path: 'attachments/PT-1001/proof.pdf', fileName: 'proof.pdf', contentType: 'application/pdf', size: 8 };

beforeEach(() => {
  routes['/api/attachments'] = { status: 201, body: JSON.stringify(stored) };
  routes['/api/pull-tickets/1/approve'] = { status: 200, body: '{}' };
});
afterEach(cleanup);

async function choose(file: File) {
  await screen.findByRole('dialog', { name: 'Approve Pull Ticket - PT-1001' });
  fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [file] } });
}

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG of the given size without holding its bytes. */
const pngOfSize = (name: string, size: number) => Object.defineProperty(new File([PNG_SIGNATURE], name, { type: 'image/png' }), 'size', { value: size });

it('refuses a file of another type before any upload', async () => {
  renderWithPlatform(<ApprovePullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await choose(new File(['<svg/>'], 'proof.svg', { type: 'image/svg+xml' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Invalid File Type')).toBeTruthy();
  expect(screen.queryByTestId('attachment-name')).toBeNull();
  expect(api.requests).toEqual([]);
});

it('refuses a renamed file by its content before any upload', async () => {
  renderWithPlatform(<ApprovePullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  // What a browser hands over for an executable renamed sign-off.png.
  await choose(new File(['MZ\x90\x00 This program cannot be run in DOS mode.'], 'sign-off.png', { type: 'image/png' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Invalid File Type')).toBeTruthy();
  expect(screen.queryByTestId('attachment-name')).toBeNull();
  expect(api.requests).toEqual([]);
});

it('refuses a file over 10 MB before any upload', async () => {
  renderWithPlatform(<ApprovePullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  await choose(pngOfSize('scan.png', ATTACHMENT_MAX_BYTES + 1));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('File Too Large')).toBeTruthy();
  expect(screen.queryByTestId('attachment-name')).toBeNull();
  expect(api.requests).toEqual([]);
});

it('uploads the file, then approves with the path the upload answered', async () => {
  let closed = false;
  renderWithPlatform(<ApprovePullTicketDialog ticket={sentTicket} onClose={() => (closed = true)} />);
  await choose(new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' }));
  expect((await screen.findByTestId('attachment-name')).textContent).toBe('proof.pdf');
  fireEvent.change(screen.getByLabelText('Approval Notes'), { target: { value: 'Counts checked' } });
  fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

  expect(await screen.findByText('Pull ticket approved successfully')).toBeTruthy();
  const [upload, approval] = api.requests;
  expect(upload).toMatchObject({ method: 'POST', path: '/api/attachments' });
  expect(upload?.contentType).toMatch(/^multipart\/form-data/);
  expect(upload?.body).toMatch(/name="pullTicketId"\r\n\r\n1\r\n/);
  expect(upload?.body).toContain('filename="proof.pdf"');
  expect(approval?.path).toBe('/api/pull-tickets/1/approve');
  expect(JSON.parse(approval?.body ?? '{}')).toEqual({ approvalNotes: 'Counts checked', attachmentPath: 'attachments/PT-1001/proof.pdf' });
  expect(closed).toBe(true);
});

it('approves without a file, and reports a failure', async () => {
  routes['/api/pull-tickets/1/approve'] = { status: 409, body: '{"message":"Only a sent pull ticket can be approved"}' };
  renderWithPlatform(<ApprovePullTicketDialog ticket={sentTicket} onClose={() => {}} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  const toast = await screen.findByTestId('toast');
  expect(within(toast).getByText('Failed to approve pull ticket')).toBeTruthy();
  expect(within(toast).getByText('Only a sent pull ticket can be approved')).toBeTruthy();
  expect(JSON.parse(api.requests[0]?.body ?? '{}')).toEqual({ approvalNotes: '', attachmentPath: null });
});
