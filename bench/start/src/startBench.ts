/**
 * First start of the all-in-one product, as `npm start` runs it on a built tree: `node
 * infra/launch/dist/all-in-one.js` on a fresh data folder (embedded PGlite, in-process bus),
 * STARTS times in a row. Prints, per start, the seconds until `/` first answers 200, until the
 * API answers (GET /api/auth/user → 401), and the process's RSS once idle. Budgets: 200 at /
 * within 5 s, the API within 3 s on a quiet machine and 10 s beside a CPU-heavy process
 * (BUSY=1 runs one for the whole bench), idle RSS ≤ 350 MB, every start up.
 *
 *   npm run build && npm run bench:start -w @printpool/bench      # STARTS=10, IDLE_S=20, BUSY=0
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { envCount } from '../../support/envCount.js';

const starts = envCount('STARTS', 10);
const idleSeconds = envCount('IDLE_S', 20);
const port = envCount('PORT', 3990);
const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const entry = path.join(repoRoot, 'infra/launch/dist/all-in-one.js');
const origin = `http://127.0.0.1:${port}`;
const busy = envCount('BUSY', 0, 0) > 0;
const BUDGET_FIRST_200_S = 5;
const BUDGET_API_UP_S = busy ? 10 : 3;
const BUDGET_IDLE_RSS_MB = 350;
const GIVE_UP_S = 300;

const statusOf = (url: string) =>
  fetch(url)
    .then((res) => res.status)
    .catch(() => 0);

function rssMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '')) / 1024;
}

interface StartFigures {
  first200: number;
  apiUp: number;
  idleRssMb: number;
}

async function startOnce(): Promise<StartFigures | string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'printpool-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'QBO_CLIENT_ID', 'SMTP_URL', 'WEB_ROOT', 'PUBLIC_ORIGIN']) delete env[name];
  const started = performance.now();
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const seconds = () => (performance.now() - started) / 1000;
  try {
    let first200 = 0;
    while (!first200) {
      if (exited || seconds() > GIVE_UP_S) return `no 200 at / (${stderr.trim().split('\n').at(-1) ?? 'no output'})`;
      if ((await statusOf(`${origin}/`)) === 200) first200 = seconds();
      else await sleep(50);
    }
    let apiUp = 0;
    while (!apiUp) {
      if (exited || seconds() > GIVE_UP_S) return `API never up (${stderr.trim().split('\n').at(-1) ?? 'no output'})`;
      if ((await statusOf(`${origin}/api/auth/user`)) === 401) apiUp = seconds();
      else await sleep(100);
    }
    await sleep(idleSeconds * 1000);
    return { first200, apiUp, idleRssMb: rssMegabytes(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    if (!exited) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A process that keeps one core busy for as long as the bench runs, as a build or a test run beside the product would. */
const cpuHeavy = busy ? spawn(process.execPath, ['--eval', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }) : undefined;
console.log(`load average ${loadavg()[0]!.toFixed(2)}${busy ? ', beside a CPU-heavy process' : ''}`);

const figures: StartFigures[] = [];
for (let i = 1; i <= starts; i++) {
  const result = await startOnce();
  if (typeof result === 'string') console.log(`start ${i}: FAILED: ${result}`);
  else {
    figures.push(result);
    console.log(
      `start ${i}: first 200 at / after ${result.first200.toFixed(2)} s, API up after ${result.apiUp.toFixed(1)} s, idle RSS ${result.idleRssMb.toFixed(0)} MB`,
    );
  }
}
const worst = (pick: (f: StartFigures) => number) => Math.max(...figures.map(pick));
console.log(`started ${figures.length} of ${starts}`);
if (figures.length > 0) {
  console.log(`worst first 200: ${worst((f) => f.first200).toFixed(2)} s (budget ${BUDGET_FIRST_200_S} s)`);
  console.log(
    `worst API up: ${worst((f) => f.apiUp).toFixed(1)} s (budget ${BUDGET_API_UP_S} s${busy ? ' beside a CPU-heavy process' : ' on a quiet machine'})`,
  );
  console.log(`worst idle RSS: ${worst((f) => f.idleRssMb).toFixed(0)} MB (budget ${BUDGET_IDLE_RSS_MB} MB)`);
}
cpuHeavy?.kill();
process.exitCode = figures.length === starts ? 0 : 1;
