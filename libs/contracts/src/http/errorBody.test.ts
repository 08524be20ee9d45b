import { expect, it } from '@jest/globals';
import { ErrorBodySchema } from './common.js';
import { fieldIssuesOf, readErrorBody } from './errorBody.js';

const texts = [
  '{"message":"Sales order not found","code":"NOT_FOUND"}',
  '{"message":"Someone changed this order","code":"VERSION_CONFLICT","details":{"current":{"id":7},"differences":[]}}',
  '{"message":"No code"}',
  '{"message":"","code":"CONFLICT","details":null}',
  '{"message":"Extra keys are left out","code":"NOT_READY","status":"not ready"}',
  '{"code":"NOT_FOUND"}',
  '{"message":42}',
  '{"message":"Bad code","code":7}',
  '["message"]',
  'null',
  '"Mail relay unavailable"',
  '<html>Bad Gateway</html>',
  '',
];

it('reads an error body exactly as its schema does, and nothing else as one', () => {
  for (const text of texts) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = ErrorBodySchema.safeParse(json);
    expect({ text, body: readErrorBody(text) }).toEqual({ text, body: parsed.success ? parsed.data : null });
  }
});

it('keeps a code this build does not know, as a service deployed after it may answer', () => {
  expect(ErrorBodySchema.safeParse({ message: 'Held for review', code: 'HELD_FOR_REVIEW' }).success).toBe(false);
  expect(readErrorBody('{"message":"Held for review","code":"HELD_FOR_REVIEW"}')).toEqual({ message: 'Held for review', code: 'HELD_FOR_REVIEW' });
});

it("names the fields of a validation failure, and none of another error's details", () => {
  const refused = readErrorBody(
    '{"message":"customerEmail: Invalid email address","code":"VALIDATION_FAILED","details":{"issues":[{"field":"customerEmail","message":"Invalid email address"},{"field":"items","message":"At least one item is required"}]}}',
  );
  expect(fieldIssuesOf(refused!)).toEqual([
    { field: 'customerEmail', message: 'Invalid email address' },
    { field: 'items', message: 'At least one item is required' },
  ]);
  expect(fieldIssuesOf(readErrorBody('{"message":"Taken","code":"CONFLICT","details":{"issues":[{"field":"soNumber","message":"x"}]}}')!)).toEqual([]);
  expect(fieldIssuesOf(readErrorBody('{"message":"Odd","code":"VALIDATION_FAILED","details":{"issues":[{"field":1}]}}')!)).toEqual([]);
});
