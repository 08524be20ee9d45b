import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PassThrough } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRouter, createServiceApp } from './app.js';
import { COMPRESS_FROM_BYTES } from './compression.js';
import { createLogger } from '../logger.js';

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i, poNumber: `PO-${1000 + i}-BL`, vendorName: 'Harbor Print Partners', quantityRemaining: 500 - i }));

function buildApp() {
  const router = createRouter();
  router.get('/large', (ctx) => {
    ctx.body = rows(400);
  });
  router.get('/small', (ctx) => {
    ctx.body = rows(2);
  });
  router.get('/pdf', (ctx) => {
    const stream = new PassThrough();
    ctx.type = 'application/pdf';
    ctx.body = stream;
    stream.end(Buffer.alloc(COMPRESS_FROM_BYTES * 2, 'x'));
  });
  return createServiceApp({ name: 'test', logger: createLogger('test', 'silent'), publicRouters: [router] }).callback();
}

interface RawAnswer {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An answer's bytes as they came over the wire (supertest would decompress them). */
async function get(path: string, acceptEncoding: string): Promise<RawAnswer> {
  const server = http.createServer(buildApp());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<RawAnswer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('compressed answers', () => {
  it('sends a large list brotli-compressed to a browser that accepts it, and gzip to one that accepts only gzip', async () => {
    const br = await get('/large', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(JSON.stringify(rows(400)).length / 5);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(rows(400));

    const gz = await get('/large', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(rows(400));
  });

  it('sends small answers, streams and answers to clients that accept no encoding as they are', async () => {
    const small = await get('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual(rows(2));
    const plain = await get('/large', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(rows(400));
    const pdf = await get('/pdf', 'br');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(COMPRESS_FROM_BYTES * 2);
  });
});
