import path from 'node:path';

/** Build outputs name their chunks `name.<contenthash>.ext`; such a file never changes. */
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|map|woff2?|ttf|png|jpe?g|gif|svg|webp|ico)$/i;

/**
 * Hashed assets are cached for a year; everything else (index.html, mf-manifest.json,
 * remoteEntry.js, favicon) is revalidated on each load so a redeploy is picked up at once.
 */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(path.basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
