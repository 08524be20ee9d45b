import { createHmac } from 'node:crypto';

/** `intuit-signature`: base64 HMAC-SHA256 of the raw body, keyed by the app's verifier token. */
export function intuitSignature(verifierToken: string, body: string): string {
  return createHmac('sha256', verifierToken).update(body).digest('base64');
}
