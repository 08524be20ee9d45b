/**
 * Why a request path is not in the one form the gateway forwards, or null when it is. The
 * gateway matches routes on the path as received, but `new URL` (used to forward it) and some
 * servers read `\` as `/`, decode `%2e`/`%2f` and resolve dot segments: a path that changes
 * under that reading could match one route here and reach another there (an internal one).
 * Browsers normalise every URL they send, so the product never produces such a path.
 */
export function pathProblem(path: string): string | null {
  if (path.includes('\\')) return 'a backslash';
  // Encoded slash, backslash, dot and NUL: each would become a separator, a dot segment or a NUL once decoded.
  if (/%(2f|5c|2e|00)/i.test(path)) return 'an encoded separator, dot or NUL';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'a control character';
  if (!isWellFormedEncoding(path)) return 'a malformed percent-encoding';
  const segments = path.split('/').slice(1);
  // A trailing slash is one empty last segment; any other empty segment is a doubled slash.
  if (segments.slice(0, -1).some((segment) => segment === '')) return 'an empty segment';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'a dot segment';
  return null;
}

function isWellFormedEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
