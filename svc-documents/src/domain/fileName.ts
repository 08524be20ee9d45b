const MAX_LENGTH = 120;

/**
 * A client-supplied file name made safe to show and to put in a Content-Disposition header:
 * the last path segment only, no control or quoting characters, bounded length. It is display
 * metadata only; files are stored under generated names.
 */
export function sanitizeFileName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, MAX_LENGTH);
  return cleaned || fallback;
}
