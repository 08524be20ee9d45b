import type { Page, Request } from '@playwright/test';

/**
 * The page's API requests while `during` runs, each with its own time (sent to the answer's
 * last byte), printed after: with the CPU profile, what a phase waited on the server for.
 */
export async function logRequests<T>(page: Page, name: string, during: () => Promise<T>): Promise<T> {
  const sent: Request[] = [];
  const note = (request: Request) => void (new URL(request.url()).pathname.startsWith('/api/') && sent.push(request));
  page.on('request', note);
  try {
    return await during();
  } finally {
    page.off('request', note);
    // An answer's last byte may be told after the page showed what it waited for.
    await Promise.all(sent.map((request) => request.response().then((response) => response?.finished())));
    process.stdout.write(`${name}: the API requests it made\n`);
    for (const request of sent) {
      const { requestStart, responseEnd } = request.timing();
      const url = new URL(request.url());
      const query = url.search.length > 60 ? `${url.search.slice(0, 60)}… (${url.search.length} characters)` : url.search;
      process.stdout.write(`${String(Math.round(responseEnd - requestStart)).padStart(9)} ms  ${request.method()} ${url.pathname}${query}\n`);
    }
  }
}
