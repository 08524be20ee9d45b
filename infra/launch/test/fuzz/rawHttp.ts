import { request } from 'node:http';

export interface RawAnswer {
  status?: number;
  contentType?: string;
  /** X-Total-Count, the lists' total. */
  total?: string;
  body: Buffer;
  /** The connection failed before a whole answer arrived (reset, hang-up, timeout). */
  failure?: string;
  ms: number;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Read only the status and headers, then hang up (Server-Sent Events). */
  stream?: boolean;
}

/**
 * One request on a connection of its own, with node:http: the path goes out exactly as
 * written (fetch would normalise it) and a reset or a hang-up is reported, not retried.
 */
export function sendRaw(port: number, req: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<RawAnswer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: Math.round(performance.now() - started) });
    };
    const headers: Record<string, string> = { ...req.headers, connection: 'close' };
    if (req.body) headers['content-length'] = String(req.body.length);
    const outgoing = request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const status = res.statusCode;
      const contentType = res.headers['content-type'];
      const total = res.headers['x-total-count'] as string | undefined;
      if (req.stream && status === 200) {
        done({ status, contentType, total, body: Buffer.alloc(0) });
        res.destroy();
        return;
      }
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status, contentType, total, body: Buffer.concat(chunks) }));
      res.on('aborted', () => done({ status, contentType, body: Buffer.concat(chunks), failure: 'answer cut off' }));
      res.on('error', (error: NodeJS.ErrnoException) =>
        done({ status, contentType, body: Buffer.concat(chunks), failure: `answer failed: ${error.code ?? error.message}` }),
      );
    });
    // Writing a body the server already refused may fail (EPIPE) after its answer arrived; only a missing answer counts.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      setTimeout(() => done({ body: Buffer.alloc(0), failure: error.code ?? error.message }), 50);
    });
    const timer = setTimeout(() => {
      done({ body: Buffer.alloc(0), failure: `no answer within ${timeoutMs} ms` });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.end(req.body);
  });
}
