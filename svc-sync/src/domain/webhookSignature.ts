import { createHmac, timingSafeEqual } from 'node:crypto';

/** Intuit signs the raw body: `intuit-signature` = base64(HMAC-SHA256(verifier token, body)). Compared in constant time. */
export function verifyIntuitSignature(rawBody: string, signature: string | undefined, verifierToken: string): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', verifierToken).update(rawBody, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
