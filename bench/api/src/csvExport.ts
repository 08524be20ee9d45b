import { memoryUsage } from 'node:process';

export interface ExportFigures {
  rows: number;
  /** Rows the list counts for the same search and filters (X-Total-Count). */
  listed: number;
  seconds: number;
  /** Bytes of CSV the client read, after the gzip it travelled in. */
  bytes: number;
  /** How far this process's resident memory rose above where it stood before the export. */
  peakRiseMb: number;
}

/**
 * One CSV export through the gateway as the browser makes it (gzip accepted, lines counted as
 * they arrive, nothing kept), while this process (gateway and inventory) is sampled for
 * resident memory every 10 ms: a service holding every row would rise with the row count.
 */
export async function measureExport(origin: string, cookie: string, listPath: string, query: string): Promise<ExportFigures> {
  const listed = Number((await fetch(`${origin}${listPath}?${query}${query ? '&' : ''}limit=1`, { headers: { cookie } })).headers.get('x-total-count'));
  global.gc?.();
  const before = memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryUsage.rss())), 10);
  const started = performance.now();
  try {
    const answer = await fetch(`${origin}${listPath}/export.csv${query ? `?${query}` : ''}`, { headers: { cookie } });
    if (answer.status !== 200) throw new Error(`${listPath}/export.csv answered ${answer.status}: ${await answer.text()}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    return { rows: lines - 1, listed, seconds: (performance.now() - started) / 1000, bytes, peakRiseMb: (peak - before) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}
