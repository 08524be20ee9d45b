// Brotli and gzip copies of each text asset, written beside it at build time, so the gateway
// (svc-gateway/src/static/serveWeb.ts) or a CDN sends the smallest one the browser accepts
// without compressing anything per request. Brotli at its best level is too slow to run per
// request but costs the build only a second or two.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_ASSET = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves less than the headers it needs. */
const MIN_BYTES = 1024;

/** @param {Buffer} content */
function compressedCopies(content) {
  const copies = [
    {
      suffix: '.br',
      bytes: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    },
    { suffix: '.gz', bytes: gzipSync(content, { level: 9 }) },
  ];
  return copies.filter(({ bytes }) => bytes.length < content.length);
}

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const files = compilation
        .getAssets()
        .filter(({ name, source }) => TEXT_ASSET.test(name) && source.size() >= MIN_BYTES)
        .map(({ name }) => join(outputPath, name));
      await Promise.all(
        files.map(async (file) => {
          const copies = compressedCopies(await readFile(file));
          await Promise.all(copies.map(({ suffix, bytes }) => writeFile(file + suffix, bytes)));
        }),
      );
    });
  }
}
