import { performance } from 'node:perf_hooks';

/**
 * The 50 browsers: a process of its own, so the clients' work does not share the event loop
 * the gateway and svc-inventory answer on. Each client requests the endpoints in turn (starting
 * at a different one) until the time is up, as users on different pages would, and the
 * latencies of each endpoint are reported as JSON on stdout.
 */
interface LoadPlan {
  baseUrl: string;
  cookie: string;
  clients: number;
  durationMs: number;
  endpoints: Record<string, string>;
}

const plan = JSON.parse(process.env.LOAD_PLAN ?? '') as LoadPlan;
const names = Object.keys(plan.endpoints);
const latencies = new Map<string, number[]>(names.map((name) => [name, []]));
const errors = new Map<string, number>(names.map((name) => [name, 0]));

async function client(index: number, until: number): Promise<void> {
  for (let i = index; performance.now() < until; i++) {
    const name = names[i % names.length]!;
    const started = performance.now();
    const response = await fetch(`${plan.baseUrl}${plan.endpoints[name]}`, { headers: { cookie: plan.cookie, accept: 'application/json' } });
    await response.arrayBuffer();
    if (response.status === 200) latencies.get(name)!.push(performance.now() - started);
    else errors.set(name, errors.get(name)! + 1);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

const started = performance.now();
await Promise.all(Array.from({ length: plan.clients }, (_, i) => client(i, started + plan.durationMs)));
const seconds = (performance.now() - started) / 1000;
const report = Object.fromEntries(
  names.map((name) => {
    const sorted = latencies.get(name)!.sort((a, b) => a - b);
    return [name, { requests: sorted.length, perSecond: Math.round(sorted.length / seconds), p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)), errors: errors.get(name) }];
  }),
);
process.stdout.write(JSON.stringify(report));
