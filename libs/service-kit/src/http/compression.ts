import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** Below this a list page or a form's answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 8 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODERS = {
  // Quality 4 compresses JSON about as well as gzip -9 at a fraction of its time.
  br: (bytes: Buffer) => brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes: Buffer) => gzipAsync(bytes, { level: 6 }),
};
type Encoding = keyof typeof ENCODERS;

/**
 * Encodings already made of a body. The read cache (cache/tenantReadCache.ts) serves the very
 * same Buffer on every hit, so an answer is compressed once per encoding for as long as it is
 * kept, and a hit costs no compression; a body nothing keeps any more takes its copies with it.
 */
const encoded = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

function encode(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  let copies = encoded.get(bytes);
  if (!copies) encoded.set(bytes, (copies = new Map()));
  let copy = copies.get(encoding);
  if (!copy) copies.set(encoding, (copy = ENCODERS[encoding](bytes)));
  return copy;
}

/**
 * A JSON or text answer held in memory, as bytes; streams (PDFs, exports, live events) are left
 * alone. An object is serialised here once and answered as these bytes, so Koa does not
 * serialise it again.
 */
function bodyBytes(ctx: Context): Buffer | undefined {
  const { body } = ctx;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body !== null && typeof body === 'object' && !('pipe' in body) && !(body instanceof Blob) && !ArrayBuffer.isView(body)) {
    const bytes = Buffer.from(JSON.stringify(body));
    const type = ctx.response.get('Content-Type');
    ctx.body = bytes;
    ctx.set('Content-Type', type);
    return bytes;
  }
  return undefined;
}

/**
 * Large JSON answers (a full list, the open bulk POs) go brotli- or gzip-compressed as the
 * browser accepts; the gateway forwards them as they are (svc-gateway/src/proxy/forward.ts).
 */
export function compressLargeAnswers(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !ctx.response.is('json', 'text/plain', 'text/csv')) return;
    ctx.vary('Accept-Encoding');
    const bytes = bodyBytes(ctx);
    if (!bytes || bytes.length < COMPRESS_FROM_BYTES) return;
    // Brotli whenever accepted: browsers list it last but it is the smaller.
    const encoding = (Object.keys(ENCODERS) as Encoding[]).find((candidate) => ctx.acceptsEncodings(candidate, 'identity') === candidate);
    if (!encoding) return;
    const type = ctx.response.get('Content-Type');
    ctx.body = await encode(bytes, encoding);
    ctx.set('Content-Type', type);
    ctx.set('Content-Encoding', encoding);
  };
}
