import { request, type OutgoingHttpHeaders } from 'node:http';

export interface LargeBodyAnswer {
  status?: number;
  body?: string;
  connection?: string;
  /** The network error the client saw instead of an answer (ECONNRESET, EPIPE). */
  error?: string;
}

/**
 * POSTs `bytes` of JSON-typed filler as a client that keeps sending while it reads: it reports
 * the answer it got, or the network error that took its place.
 */
export function sendLargeBody(url: string, bytes: number, headers: OutgoingHttpHeaders = {}): Promise<LargeBodyAnswer> {
  return new Promise((resolve) => {
    const failed = (err: Error) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message });
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body, connection: res.headers.connection }));
      res.on('error', failed);
    });
    req.on('error', failed);
    const chunk = Buffer.alloc(1 << 20, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}
