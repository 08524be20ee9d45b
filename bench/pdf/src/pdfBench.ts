import { performance } from 'node:perf_hooks';
import { pullTicketDocument, renderPullTicketPdf, type PullTicketDocument } from '@printpool/svc-documents';
import { pullTicket, tenantProfile as profile } from '@printpool/svc-documents/testing';
import { envCount } from '../../support/envCount.js';

/**
 * Pull ticket render time (docs/architecture.md §7: ≤ 30 ms median): the PDF the service answers for
 * GET /api/pull-tickets/:id/pdf, rendered in process from ticket data, RENDERS times after a
 * warm-up. A typical ticket (ITEMS lines, default 12) and a 200-line one (4 pages) are timed.
 */
const RENDERS = envCount('RENDERS', 200);
const ITEMS = envCount('ITEMS', 12);
const WARMUP = 20;

// The ticket and letterhead svc-documents' own tests render (svc-documents/test/support/fixtures.ts), at the bench's sizes.
const ticket = (itemCount: number): PullTicketDocument => pullTicketDocument(pullTicket(itemCount));

async function measure(label: string, data: PullTicketDocument): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await renderPullTicketPdf(data, profile);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const started = performance.now();
    bytes = (await renderPullTicketPdf(data, profile)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const median = at(0.5);
  process.stdout.write(
    `${label}: ${RENDERS} renders, median ${median.toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms, ${bytes} bytes\n`,
  );
  return median;
}

const median = await measure(`pull ticket, ${ITEMS} lines`, ticket(ITEMS));
await measure('pull ticket, 200 lines', ticket(200));
const met = median <= 30;
process.stdout.write(`target (median ≤ 30 ms for the ${ITEMS}-line ticket): ${met ? 'met' : 'NOT met'}\n`);
process.exitCode = met ? 0 : 1;
