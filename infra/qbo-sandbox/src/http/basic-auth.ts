import type { Context } from 'koa';
import type { OAuthClientConfig } from '../config.js';
import { timingSafeEqual } from 'node:crypto';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The client named by HTTP Basic credentials, if its secret matches. */
export function authenticateClient(ctx: Context, clients: OAuthClientConfig[]): OAuthClientConfig | undefined {
  const header = ctx.get('authorization');
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const client = clients.find((candidate) => candidate.clientId === clientId);
  return client && sameSecret(client.clientSecret, secret) ? client : undefined;
}
