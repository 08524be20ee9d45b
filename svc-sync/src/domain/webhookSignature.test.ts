import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { verifyIntuitSignature } from './webhookSignature.js';

describe('verifyIntuitSignature', () => {
  const body = '{"eventNotifications":[]}';
  const good = createHmac('sha256', 'verifier').update(body).digest('base64');

  it('accepts the verifier token’s signature of the exact body', () => {
    expect(verifyIntuitSignature(body, good, 'verifier')).toBe(true);
  });

  it('refuses a missing, truncated, foreign or body-mismatched signature', () => {
    expect(verifyIntuitSignature(body, undefined, 'verifier')).toBe(false);
    expect(verifyIntuitSignature(body, good.slice(0, 10), 'verifier')).toBe(false);
    expect(verifyIntuitSignature(body, good, 'other')).toBe(false);
    expect(verifyIntuitSignature(`${body} `, good, 'verifier')).toBe(false);
  });
});
