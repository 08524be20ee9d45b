import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The 50 browsers: a process of its own, so the clients' work does not share the event loop
 * the gateway and svc-inventory answer on. Each client keeps one HTTP/1.1 connection and
 * requests the endpoints in turn (starting at a different one) until the time is up, as users
 * on different pages would; the latencies of each endpoint are reported as JSON on stdout.
 *
 * The clients speak HTTP over plain sockets, as wrk does, rather than through fetch: on two
 * cores shared with the server, a heavier client would take the CPU the figures are about.
 */
interface LoadPlan {
  baseUrl: string;
  cookie: string;
  clients: number;
  durationMs: number;
  endpoints: Record<string, string>;
}

const plan = JSON.parse(process.env.LOAD_PLAN ?? '') as LoadPlan;
const base = new URL(plan.baseUrl);
const names = Object.keys(plan.endpoints);
const requests = new Map(
  // As a browser asks, so large answers come compressed as they do for the broker.
  names.map((name) => [
    name,
    Buffer.from(
      `GET ${plan.endpoints[name]} HTTP/1.1\r\nHost: ${base.host}\r\nCookie: ${plan.cookie}\r\nAccept: application/json\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`,
    ),
  ]),
);
const latencies = new Map<string, number[]>(names.map((name) => [name, []]));
const errors = new Map<string, number>(names.map((name) => [name, 0]));

/** One connection's answers, each resolved with its status once its whole body has arrived. */
function connection(): Promise<{ send(request: Buffer): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(base.port), base.hostname, () => resolve({ send, close: () => socket.end() }));
    socket.setNoDelay(true);
    socket.once('error', reject);
    let buffered: Buffer = Buffer.alloc(0);
    let waiting: ((status: number) => void) | undefined;
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = buffered.subarray(0, headerEnd).toString('latin1');
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      let end: number;
      if (length) end = headerEnd + 4 + Number(length[1]);
      else {
        // Chunked: the answer ends with the zero-length chunk.
        const last = buffered.indexOf('\r\n0\r\n\r\n', headerEnd);
        end = last < 0 ? Infinity : last + 7;
      }
      if (buffered.length < end) return;
      buffered = buffered.subarray(end);
      const done = waiting;
      waiting = undefined;
      done?.(Number(head.slice(9, 12)));
    });
    function send(request: Buffer): Promise<number> {
      return new Promise((answered) => {
        waiting = answered;
        socket.write(request);
      });
    }
  });
}

async function client(index: number, until: number): Promise<void> {
  const http = await connection();
  for (let i = index; performance.now() < until; i++) {
    const name = names[i % names.length]!;
    const started = performance.now();
    const status = await http.send(requests.get(name)!);
    if (status === 200) latencies.get(name)!.push(performance.now() - started);
    else errors.set(name, errors.get(name)! + 1);
  }
  http.close();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

const started = performance.now();
await Promise.all(Array.from({ length: plan.clients }, (_, i) => client(i, started + plan.durationMs)));
const seconds = (performance.now() - started) / 1000;
const report = Object.fromEntries(
  names.map((name) => {
    const sorted = latencies.get(name)!.sort((a, b) => a - b);
    return [
      name,
      {
        requests: sorted.length,
        perSecond: Math.round(sorted.length / seconds),
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        errors: errors.get(name),
      },
    ];
  }),
);
process.stdout.write(JSON.stringify(report));
