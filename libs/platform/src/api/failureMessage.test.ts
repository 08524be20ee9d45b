import { expect, it } from '@jest/globals';
import { throwIfNotOk } from './apiRequest.js';
import { failureMessage } from './failureMessage.js';

/** The error a call answered this way fails with. */
const failed = (status: number, body: string, statusText = '') => throwIfNotOk(new Response(body, { status, statusText })).catch((error: unknown) => error);

it("uses the server's message", async () => {
  expect(failureMessage(await failed(409, '{"message":"Sales order is already synced","code":"CONFLICT"}'), 'Failed')).toBe('Sales order is already synced');
});

it('falls back for a missing endpoint or order, an answer without a message, and network errors', async () => {
  expect(failureMessage(await failed(404, '{"message":"Route not found","code":"NOT_FOUND"}'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(await failed(502, '<html>Bad Gateway</html>', 'Bad Gateway'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(await failed(500, '{"code":"X"}'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(await failed(500, '{"message":"  ","code":"X"}'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(new TypeError('fetch failed'), 'Failed to send email')).toBe('Failed to send email');
});

it('words a record gone since the form opened as the action says, not as a bare 404', async () => {
  const gone = 'This sales order no longer exists';
  expect(failureMessage(await failed(404, '{"message":"Sales order not found","code":"NOT_FOUND"}'), 'Failed to update sales order', gone)).toBe(gone);
  expect(failureMessage(await failed(409, '{"message":"Read-only","code":"DELETED_IN_QUICKBOOKS"}'), 'Failed to update sales order', gone)).toBe('Read-only');
});
