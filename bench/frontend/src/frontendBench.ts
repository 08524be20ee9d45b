import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Response } from '@playwright/test';
import { envCount } from '../../support/envCount.js';
import { buildFloor } from './buildFloor.js';
import { scriptingBeforeLcp, TRACE_CATEGORIES } from './mainThreadScripting.js';
import { stageWebRoot } from './webRoot.js';

/**
 * The signed-in dashboard's first load (docs/architecture.md §7: ≤ 330 KB on the wire, largest
 * contentful paint ≤ 1.0 s on localhost), in Debian's Chromium against the all-in-one mode on its
 * embedded defaults, as `npm start` runs it (after `npm run build`), measured against its floor:
 * the same page built as one bundle without Module Federation (bench/frontend/floor), served by
 * the same gateway with the same API answers. Loads alternate, federated then floor, RUNS of
 * each, every one from an empty browser cache for a new broker, after one of each unmeasured
 * (the gateway's first answers). On the wire is every response body as the gateway sent it
 * (compressed where it compresses), HTML, scripts, manifests and API answers. Budget: LCP ≤ 1.3×
 * the floor's, measured in the same run, which holds on any machine.
 */
const PORT = envCount('PORT', 3400);
const RUNS = envCount('RUNS', 5);
/** RESPONSES=1 lists a first load of each build's responses, largest on the wire first: what to cut when the total grows. */
const LIST_RESPONSES = process.env.RESPONSES === '1';
const BUDGET_RATIO = 1.3;
const origin = `http://127.0.0.1:${PORT}`;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const launcher = path.join(repoRoot, 'infra/launch/dist/all-in-one.js');

const BUILDS = [
  { name: 'federated', path: '/dashboard' },
  { name: 'floor', path: '/floor/' },
] as const;
type Build = (typeof BUILDS)[number];

await buildFloor(repoRoot);
const dataDir = await mkdtemp(path.join(tmpdir(), 'printpool-frontend-bench-'));
// Each load signs a new broker in: more than the ten a minute one address may.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  DATA_DIR: dataDir,
  WEB_ROOT: stageWebRoot(repoRoot, dataDir),
  SIGN_IN_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
};
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
  /** Main-thread scripting from the navigation's start to the LCP (mainThreadScripting.ts); null where the trace missed the LCP. */
  scriptingMs: number | null;
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

async function firstLoad(build: Build, run: string): Promise<Load> {
  const context = await browser.newContext();
  try {
    const email = `bench-${build.name}-${run}-${Date.now()}@printpool.test`;
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
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let trace: Buffer;
    try {
      await page.goto(`${origin}${build.path}`, { waitUntil: 'networkidle' });
      await page.getByText('Recent Sales Orders').waitFor();
    } finally {
      trace = await browser.stopTracing();
    }
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
      scriptingMs: scriptingBeforeLcp(trace, lcp.ms),
      lcpElement: lcp.element,
      responses: sizes.sort((a, b) => b.bytes - a.bytes).map((size) => ({ path: size.path, type: size.type, wireKb: kb(size.bytes) })),
    };
  } finally {
    await context.close();
  }
}

const median = (values: (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length > 0 ? known[Math.floor(known.length / 2)]! : null;
};
const ratio = (a: number | null, b: number | null) => (a === null || b === null ? '–' : (a / b).toFixed(2));

try {
  await ready();
  for (const build of BUILDS) await firstLoad(build, 'warm-up');
  const loads = new Map<Build, Load[]>(BUILDS.map((build) => [build, []]));
  process.stdout.write(
    '| run | build | scripts (compressed) | JavaScript KB | on the wire KB | LCP ms | scripting before LCP ms | LCP element |\n|---|---|---|---|---|---|---|---|\n',
  );
  for (let run = 1; run <= RUNS; run++) {
    for (const build of BUILDS) {
      const load = await firstLoad(build, String(run));
      loads.get(build)!.push(load);
      process.stdout.write(
        `| ${run} | ${build.name} | ${load.scripts} (${load.compressed}) | ${load.rawKb} | ${load.wireKb} | ${load.lcpMs} | ${load.scriptingMs ?? '–'} | ${load.lcpElement} |\n`,
      );
    }
  }
  const medians = BUILDS.map((build) => {
    const of = (figure: (load: Load) => number | null) => median(loads.get(build)!.map(figure));
    return { name: build.name, wireKb: of((l) => l.wireKb), rawKb: of((l) => l.rawKb), lcpMs: of((l) => l.lcpMs), scriptingMs: of((l) => l.scriptingMs) };
  });
  for (const m of medians)
    process.stdout.write(
      `median ${m.name}: ${m.wireKb} KB on the wire, ${m.rawKb} KB of JavaScript, LCP ${m.lcpMs} ms, scripting before LCP ${m.scriptingMs} ms\n`,
    );
  const [federated, floor] = medians as [(typeof medians)[0], (typeof medians)[0]];
  process.stdout.write(
    `LCP federated / floor: ${ratio(federated.lcpMs, floor.lcpMs)} (budget ≤ ${BUDGET_RATIO}); scripting before LCP federated / floor: ${ratio(federated.scriptingMs, floor.scriptingMs)}; ` +
      `federated on the wire ${federated.wireKb} KB (budget 330 KB)\n`,
  );
  if (LIST_RESPONSES) {
    for (const build of BUILDS) {
      process.stdout.write(`\nthe ${build.name} first load on the wire, largest first:\n`);
      for (const response of loads.get(build)![0]!.responses)
        process.stdout.write(`${String(response.wireKb).padStart(7)} KB  ${response.type.padEnd(10)} ${response.path}\n`);
    }
  }
} finally {
  await browser.close();
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
