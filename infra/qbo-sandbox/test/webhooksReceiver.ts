import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  body: string;
  signature: string;
  headers: IncomingMessage['headers'];
}

/** An app's webhook endpoint on a real port: it keeps what it is sent and answers 200. */
export interface Receiver {
  url: string;
  deliveries: Delivery[];
  close(): Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });
}

export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    deliveries.push({ body, signature: String(request.headers['intuit-signature']), headers: request.headers });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/qbo`,
    deliveries,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What an app checks: base64 HMAC-SHA256 of the raw body, keyed by its verifier token. */
export function signedWith(verifierToken: string, delivery: Delivery): boolean {
  const expected = Buffer.from(createHmac('sha256', verifierToken).update(delivery.body).digest('base64'));
  const given = Buffer.from(delivery.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
