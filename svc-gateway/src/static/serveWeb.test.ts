import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import request from 'supertest';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveWeb } from './serveWeb.js';

const script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, label: `Bulk PO ${i}` })))};`);
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'printpool-web-'));
  await mkdir(path.join(webRoot, 'shell'), { recursive: true });
  const file = path.join(webRoot, 'shell', 'main.1a2b3c4d.js');
  await writeFile(file, script);
  // As the build writes them (libs/platform/build/precompress.js).
  await writeFile(`${file}.br`, brotliCompressSync(script));
  await writeFile(`${file}.gz`, gzipSync(script));
});
afterAll(() => rm(webRoot, { recursive: true, force: true }));

const app = () => new Koa().use(serveWeb({ shellDir: path.join(webRoot, 'shell'), remotes: [] })).callback();

describe('built assets', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('a browser accepting %s gets the %s copy, cached as the script it stands for', async (accepted, encoding) => {
    const answer = await request(app())
      .get('/main.1a2b3c4d.js')
      .set('Accept-Encoding', accepted)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body).toEqual(script);
  });
});
