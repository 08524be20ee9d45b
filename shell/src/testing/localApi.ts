/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiCall {
  method: string;
  path: string;
  body: string;
}

export interface ApiReply {
  status: number;
  body?: string;
}

export interface LocalApi {
  calls: ApiCall[];
  close: () => Promise<void>;
}

/**
 * Answers the page's API calls from a real HTTP server. The pages call same-origin paths such
 * as /api/contact, which Node's fetch cannot resolve without a document, so fetch is pointed
 * at the server until close(). `answer` may return a promise to hold a reply back.
 */
export async function startLocalApi(answer: (call: ApiCall) => ApiReply | Promise<ApiReply>): Promise<LocalApi> {
  const calls: ApiCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', async () => {
      const call = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      calls.push(call);
      const reply = await answer(call);
      res.statusCode = reply.status;
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nodeFetch(new URL(String(input), `http://127.0.0.1:${port}`), init);

  return {
    calls,
    close: async () => {
      globalThis.fetch = nodeFetch;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A reply the test sends when it chooses, to observe the page while the call is pending. */
export function heldReply(): { reply: Promise<ApiReply>; release: (reply: ApiReply) => void } {
  let release!: (reply: ApiReply) => void;
  const reply = new Promise<ApiReply>((resolve) => (release = resolve));
  return { reply, release };
}
