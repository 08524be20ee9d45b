import { expect, it } from '@jest/globals';
import { ApiError } from './apiRequest.js';
import { failureMessage } from './failureMessage.js';

it("uses the server's JSON message", () => {
  expect(failureMessage(new ApiError(409, '{"message":"Sales order is already synced","code":"CONFLICT"}'), 'Failed')).toBe('Sales order is already synced');
});

it('falls back for a missing endpoint or order, a body without a message, and network errors', () => {
  expect(failureMessage(new ApiError(404, '{"message":"Route not found"}'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(new ApiError(502, 'Bad Gateway'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(new ApiError(500, '{"code":"X"}'), 'Failed to send email')).toBe('Failed to send email');
  expect(failureMessage(new TypeError('fetch failed'), 'Failed to send email')).toBe('Failed to send email');
});

it('words a record gone since the form opened as the action says, not as a bare 404', () => {
  const gone = 'This sales order no longer exists';
  expect(failureMessage(new ApiError(404, '{"message":"Sales order not found"}'), 'Failed to update sales order', gone)).toBe(gone);
  expect(failureMessage(new ApiError(409, '{"message":"Read-only"}'), 'Failed to update sales order', gone)).toBe('Read-only');
});
