import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { envCount } from '../../support/envCount.js';
import { connectedBroker } from './connectedBroker.js';
import { profiled } from './cpuProfile.js';
import { logRequests } from './requestLog.js';
import { addLargeOrderCompany } from './largeOrderCompany.js';
import { armTimer, NAME_HELPER, timerResult, type TimerSpec } from './pageTimer.js';

/**
 * A large order's Edit dialog in Debian's Chromium against the all-in-one mode on its embedded
 * defaults (as `npm start` runs it, after `npm run build`): a sandbox company holds a bulk
 * estimate of LINES lines and the bulk POs that cover them; a broker connects it, syncs it and,
 * RUNS times, opens the order's Edit dialog from the Sales Orders page, types KEYSTROKES times
 * in a line's quantity and saves. Budgets (issue 31, item 5): open ≤ 1 s, keystroke ≤ 50 ms,
 * save ≤ 1 s for 500 lines. PROFILE=<folder> writes the first run's CPU profiles there.
 */
const PORT = envCount('PORT', 3500);
const RUNS = envCount('RUNS', 5);
const LINES = envCount('LINES', 500);
const KEYSTROKES = envCount('KEYSTROKES', 10);
const PROFILE = process.env.PROFILE;
const BUDGET = { openMs: 1000, keystrokeMs: 50, saveMs: 1000 };
const ADMIN_TOKEN = 'orders-bench';
const origin = `http://127.0.0.1:${PORT}`;
const launcher = fileURLToPath(new URL('../../../infra/launch/dist/all-in-one.js', import.meta.url));
const dataDir = await mkdtemp(path.join(tmpdir(), 'printpool-orders-bench-'));

const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', QBO_SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN };
for (const name of ['DATABASE_URL', 'NATS_URL', 'QBO_CLIENT_ID', 'SMTP_URL', 'WEB_ROOT', 'PUBLIC_ORIGIN']) delete env[name];
const product = spawn(process.execPath, [launcher], { env, stdio: ['ignore', 'ignore', 'inherit'] });
let productExited = false;
product.once('exit', () => (productExited = true));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
});

interface Run {
  openMs: number;
  keystrokesMs: number[];
  saveMs: number;
  /** The PUT's own time, from the request sent to the answer's first byte. */
  putMs: number;
  /** Save until the dialog is gone, its closing animation included. */
  closedMs: number;
}

/** The API is up (it answers the signed-out 401, not the starting 503), and the sandbox with it. */
async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    // Another process on PORT would answer in its place: the product's own exit says so.
    if (productExited) throw new Error(`the all-in-one mode exited before answering (is PORT ${PORT} taken?)`);
    const answer = await fetch(`${origin}/api/auth/user`).catch(() => null);
    if (answer?.status === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the all-in-one mode did not answer ${origin}/api/auth/user (run npm run build first)`);
}

const timed = async (page: Page, spec: TimerSpec, act: () => Promise<unknown>): Promise<number> => {
  await page.evaluate(armTimer, spec);
  await act();
  return page.evaluate(timerResult, spec.name);
};

async function editOnce(page: Page, soNumber: string, run: number): Promise<Run> {
  const phase = <T>(name: string, during: () => Promise<T>) =>
    PROFILE && run === 1 ? profiled(page, PROFILE, name, () => logRequests(page, name, during)) : during();
  await page.goto(`/sales-orders?search=${encodeURIComponent(soNumber)}`);
  await page.getByRole('button', { name: `Actions for ${soNumber}` }).click();
  const edit = page.getByRole('menuitem', { name: 'Edit' });
  await edit.waitFor();
  const openMs = await phase('open', () =>
    timed(page, { name: 'open', event: 'click', selector: '[aria-label="Quantity 1"]' }, () => edit.dispatchEvent('click')),
  );
  // The dialog's own requests (the bulk POs that cover the lines) come in before the typing starts.
  await page.waitForTimeout(1000);
  // Each run types in a line of its own, Backspace and a digit in turn, so every save changes a line.
  const quantity = page.getByLabel(`Quantity ${Math.min(run, LINES)}`, { exact: true });
  await quantity.click();
  await quantity.press('End');
  const keystrokesMs = await phase('keystrokes', async () => {
    const times: number[] = [];
    for (let k = 0; k < KEYSTROKES; k++)
      times.push(await timed(page, { name: 'keystroke', event: 'keydown' }, () => page.keyboard.press(k % 2 === 0 ? 'Backspace' : String((k + 1) / 2))));
    return times;
  });
  await page.waitForTimeout(1000);
  const put = page
    .waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/api/sales-orders/'), { timeout: 0 })
    // A save refused in the form sends none; the page closes with the browser then.
    .catch(() => null);
  const [saveMs, closedMs] = await phase('save', async () => {
    const closed: TimerSpec = { name: 'closed', event: 'click', selector: '.ant-modal-title', text: 'Edit Sales Order', gone: true };
    await page.evaluate(armTimer, closed);
    const toast = await timed(page, { name: 'save', event: 'click', selector: '[data-testid="toast"]', text: 'Sales order updated successfully' }, async () => {
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // A refused save never shows its toast: say why rather than wait for ever.
      const outcome = page.locator('[data-testid="toast"], .ant-form-item-explain-error').first();
      await outcome.waitFor({ timeout: 0 });
      const said = (await outcome.textContent()) ?? '';
      if (!said.includes('updated successfully')) throw new Error(`the save was refused: ${said}`);
    });
    return [toast, await page.evaluate(timerResult, 'closed')];
  });
  const timing = (await put)!.request().timing();
  return { openMs, keystrokesMs, saveMs, putMs: timing.responseStart - timing.requestStart, closedMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => Math.round(value).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((average) => average.toFixed(2))
    .join(', ');

try {
  await ready();
  if (PROFILE) await mkdir(PROFILE, { recursive: true });
  const company = await addLargeOrderCompany(`${origin}/qbo-sandbox`, ADMIN_TOKEN, LINES);
  const page = await connectedBroker(browser, origin, company.companyName);
  await page.context().addInitScript(NAME_HELPER);
  const listed = await page.request.get(`/api/sales-orders?search=${company.soNumber}`);
  const order = ((await listed.json()) as { soNumber: string; status: string; bulkPoNumber: string | null }[]).find((row) => row.soNumber === company.soNumber);
  process.stdout.write(
    `${company.soNumber}: ${order?.status} on ${order?.bulkPoNumber ?? 'no bulk PO'}; ${LINES} lines, ${KEYSTROKES} keystrokes a run; load average ${load()}\n\n`,
  );
  process.stdout.write('| run | open ms | keystroke ms (median, max) | save ms | PUT ms | closed ms |\n|---|---|---|---|---|---|\n');
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const figures = await editOnce(page, company.soNumber, run);
    runs.push(figures);
    const keys = figures.keystrokesMs;
    process.stdout.write(
      `| ${run} | ${ms(figures.openMs)} | ${ms(median(keys))}, ${ms(Math.max(...keys))} | ${ms(figures.saveMs)} | ${ms(figures.putMs)} | ${ms(figures.closedMs)} |\n`,
    );
  }
  const line = (what: string, values: number[], budget: number) =>
    `${what.padEnd(10)} median ${ms(median(values)).padStart(6)} ms, max ${ms(Math.max(...values)).padStart(6)} ms  (budget ≤ ${ms(budget)} ms)\n`;
  process.stdout.write('\n');
  process.stdout.write(
    line(
      'open',
      runs.map((r) => r.openMs),
      BUDGET.openMs,
    ),
  );
  process.stdout.write(
    line(
      'keystroke',
      runs.flatMap((r) => r.keystrokesMs),
      BUDGET.keystrokeMs,
    ),
  );
  process.stdout.write(
    line(
      'save',
      runs.map((r) => r.saveMs),
      BUDGET.saveMs,
    ),
  );
  process.stdout.write(`load average ${load()}\n`);
} finally {
  await browser.close();
  product.kill('SIGTERM');
  if (!productExited) await new Promise((resolve) => product.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
