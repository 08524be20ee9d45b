import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Response } from '@playwright/test';
import { envCount } from '../../support/envCount.js';

/**
 * The signed-in dashboard's first load (docs/architecture.md §7: ≤ 330 KB on the wire, largest
 * contentful paint ≤ 1.0 s on localhost), in Debian's Chromium against the all-in-one mode on its
 * embedded defaults, as `npm start` runs it (after `npm run build`). Each of RUNS loads starts
 * from an empty browser cache and a new broker. On the wire is every response body as the
 * gateway sent it (compressed where it compresses), HTML, scripts, manifests and API answers.
 */
const PORT = envCount('PORT', 3400);
const RUNS = envCount('RUNS', 5);
/** RESPONSES=1 lists the first load's responses, largest on the wire first: what to cut when the total grows. */
const LIST_RESPONSES = process.env.RESPONSES === '1';
const origin = `http://127.0.0.1:${PORT}`;
const launcher = fileURLToPath(new URL('../../../infra/launch/dist/all-in-one.js', import.meta.url));
const dataDir = await mkdtemp(path.join(tmpdir(), 'printpool-frontend-bench-'));

const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
delete env.NATS_URL;
const product = spawn(process.execPath, [launcher], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});

interface Load {
  scripts: number;
  /** The scripts as the browser runs them. */
  rawKb: number;
  /** Every response body as it came over the wire. */
  wireKb: number;
  /** Scripts sent compressed (brotli or gzip). */
  compressed: number;
  lcpMs: number;
  /** What the largest contentful paint painted, to know what to speed up. */
  lcpElement: string;
  responses: { path: string; type: string; wireKb: number }[];
}

async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const answer = await fetch(`${origin}/readyz`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the all-in-one mode did not answer ${origin}/readyz (run npm run build first)`);
}

async function firstLoad(run: number): Promise<Load> {
  const context = await browser.newContext();
  try {
    const email = `bench-${run}-${Date.now()}@printpool.test`;
    let signIn = await context.request.post(`${origin}/api/dev-login`, { data: { email }, headers: { origin } });
    // A first start serves pages before its services finish migrating, and answers 503 until then.
    for (let wait = 0; signIn.status() === 503 && wait < 300; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      signIn = await context.request.post(`${origin}/api/dev-login`, { data: { email }, headers: { origin } });
    }
    if (!signIn.ok()) throw new Error(`dev-login answered ${signIn.status()}`);
    const page = await context.newPage();
    const responses: Response[] = [];
    const wireBytes: Promise<{ path: string; type: string; bytes: number }>[] = [];
    page.on('response', (response) => responses.push(response));
    page.on('requestfinished', (request) =>
      wireBytes.push(request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, type: request.resourceType(), bytes: sizes.responseBodySize }))),
    );
    await page.goto(`${origin}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByText('Recent Sales Orders').waitFor();
    const lcp = await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
            const element = last.element;
            resolve({
              ms: last.startTime,
              element: element ? `<${element.tagName.toLowerCase()}> ${(element.textContent ?? '').trim().slice(0, 40)}` : '(removed)',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const scripts = responses.filter((response) => response.request().resourceType() === 'script');
    const bodies = await Promise.all(scripts.map((response) => response.body()));
    const sizes = await Promise.all(wireBytes);
    const encodings = await Promise.all(scripts.map((response) => response.headerValue('content-encoding')));
    const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
    return {
      scripts: bodies.length,
      rawKb: kb(bodies.reduce((sum, body) => sum + body.length, 0)),
      wireKb: kb(sizes.reduce((sum, size) => sum + size.bytes, 0)),
      compressed: encodings.filter((encoding) => encoding === 'br' || encoding === 'gzip').length,
      lcpMs: Math.round(lcp.ms),
      lcpElement: lcp.element,
      responses: sizes.sort((a, b) => b.bytes - a.bytes).map((size) => ({ path: size.path, type: size.type, wireKb: kb(size.bytes) })),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await ready();
  const loads: Load[] = [];
  process.stdout.write('| run | scripts (compressed) | JavaScript KB | on the wire KB | LCP ms | LCP element |\n|---|---|---|---|---|---|\n');
  for (let run = 1; run <= RUNS; run++) {
    const load = await firstLoad(run);
    loads.push(load);
    process.stdout.write(`| ${run} | ${load.scripts} (${load.compressed}) | ${load.rawKb} | ${load.wireKb} | ${load.lcpMs} | ${load.lcpElement} |\n`);
  }
  process.stdout.write(`median: ${median(loads.map((l) => l.wireKb))} KB on the wire, LCP ${median(loads.map((l) => l.lcpMs))} ms (budget 330 KB, 1,000 ms)\n`);
  if (LIST_RESPONSES) {
    process.stdout.write('\nthe first load on the wire, largest first:\n');
    for (const response of loads[0]!.responses)
      process.stdout.write(`${String(response.wireKb).padStart(7)} KB  ${response.type.padEnd(10)} ${response.path}\n`);
  }
} finally {
  await browser.close();
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
