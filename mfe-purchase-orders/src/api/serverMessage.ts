/**
 * The server's own words in a failed call ("500: {"message":"…"}" → "…"), or null when it
 * sent none, so that the caller shows its fallback.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const text = error.message.replace(/^\d{3}: /, '').trim();
  if (text === '') return null;
  try {
    const body: unknown = JSON.parse(text);
    const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message ? message : null;
  } catch {
    return text;
  }
}
