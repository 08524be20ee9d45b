import { expect, it } from '@jest/globals';
import { ApiError } from '@printpool/platform';
import { serverMessage } from './serverMessage.js';

it("reads the server's message from a failed call, or none", () => {
  expect(serverMessage(new ApiError(409, '{"message":"Order has allocations"}'))).toBe('Order has allocations');
  expect(serverMessage(new ApiError(502, 'Bad Gateway'))).toBe('Bad Gateway');
  expect(serverMessage(new ApiError(500, '{"error":"x"}'))).toBeNull();
  expect(serverMessage('boom')).toBeNull();
});
