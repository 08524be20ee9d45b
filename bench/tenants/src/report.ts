import type { BigSyncFigures } from './bigSync.js';
import type { ChangeSample } from './changeStream.js';
import { summarize, type Summary } from './stats.js';
import type { LoadFigures, Timed } from './userLoad.js';

/** The budgets of many brokers on one deployment (bench/tenants/RESULTS.md). */
export const BUDGETS = {
  visibleP95Ms: 2000,
  visibleMaxMs: 10_000,
  saveP95Ms: 300,
  listP95Ms: 100,
  /** "RSS per added company flat": the bench reads it as at most half a megabyte a company. */
  rssPerCompanyMb: 0.5,
};

export interface Figures {
  calm: {
    samples: ChangeSample[];
    cpuSeconds: number;
    seconds: number;
    cpuByPart: string;
    /** What the product spends idle over as long as the changes took, and the bench's polls and the CPU of one: taken off the changes' CPU. */
    idleCpuSeconds: number;
    polls: number;
    cpuPerPoll: number;
  };
  window: { samples: ChangeSample[]; cpuSeconds: number; seconds: number; cpuByPart: string; load: LoadFigures; big: BigSyncFigures };
  rss: { companies: number; mb: number }[];
  /** stageTrace.ts: where the changes alone, and those made during the big sync, spent their time. */
  stages: { calm: string; during: string };
  /** databaseWaits.ts, over the window. */
  databaseWaits: string[];
  /** inventoryStanding.ts, during the big sync. */
  inventoryStanding: string;
  /** Requests of the companies beside the big one: per company per hour at the window's pace, per change made, and what one catch-up costs a company. */
  qbo: { windowPerCompanyHour: number; perChange: number; perCatchUp: number; catchUpMinutes: number };
  load: { before: string; after: string };
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** The changes made while the big sync ran (until the window closed, if it ran on). */
export function duringBigSync(samples: readonly ChangeSample[], big: BigSyncFigures): ChangeSample[] {
  return samples.filter((sample) => sample.madeAt >= big.startedAt && sample.madeAt <= (big.endedAt ?? Infinity));
}

/** Answers asked for while the big sync ran, and the others. */
function splitByBigSync(answers: readonly Timed[], big: BigSyncFigures): { during: Summary; besides: Summary } {
  const inSync = (answer: Timed) => answer.at >= big.startedAt && answer.at <= (big.endedAt ?? Infinity);
  return {
    during: summarize(answers.filter(inSync).map((answer) => answer.ms)),
    besides: summarize(answers.filter((answer) => !inSync(answer)).map((answer) => answer.ms)),
  };
}

/** The visible delays of some changes; a change never seen counts as the longest possible wait. */
function visible(samples: readonly ChangeSample[], timeoutMs: number): Summary & { lost: number } {
  const lost = samples.filter((sample) => sample.visibleMs === null).length;
  return { ...summarize(samples.map((sample) => sample.visibleMs ?? timeoutMs)), lost };
}

/** Each company's own p95 and max of the changes made while the big sync ran: the worst of them. */
function worstCompany(samples: readonly ChangeSample[], timeoutMs: number): { p95: number; max: number; over: number; companies: number } {
  const byCompany = new Map<string, ChangeSample[]>();
  for (const sample of samples) byCompany.set(sample.realmId, [...(byCompany.get(sample.realmId) ?? []), sample]);
  const each = [...byCompany.values()].map((own) => visible(own, timeoutMs));
  return {
    p95: Math.max(...each.map((figures) => figures.p95)),
    max: Math.max(...each.map((figures) => figures.max)),
    over: each.filter((figures) => figures.p95 > BUDGETS.visibleP95Ms || figures.max > BUDGETS.visibleMaxMs).length,
    companies: each.length,
  };
}

/** Prints every figure beside its budget, and answers whether all were met. */
export function printReport(figures: Figures, timeoutMs: number): boolean {
  const { calm, window } = figures;
  const during = duringBigSync(window.samples, window.big);
  const overall = visible(window.samples, timeoutMs);
  const beside = visible(during, timeoutMs);
  const quiet = visible(calm.samples, timeoutMs);
  const worst = worstCompany(during, timeoutMs);
  const save = summarize(window.load.saves.map((answer) => answer.ms));
  const list = summarize(window.load.lists.map((answer) => answer.ms));
  const [first, last] = [figures.rss[0]!, figures.rss.at(-1)!];
  const rssPerCompany = (last.mb - first.mb) / (last.companies - first.companies);
  const checks = [
    beside.p95 <= BUDGETS.visibleP95Ms,
    beside.max <= BUDGETS.visibleMaxMs,
    worst.over === 0,
    save.p95 <= BUDGETS.saveP95Ms,
    list.p95 <= BUDGETS.listP95Ms,
    rssPerCompany <= BUDGETS.rssPerCompanyMb,
  ];
  const row = (figure: string, measured: string, budget: string, ok?: boolean) =>
    console.log(`| ${figure} | ${measured} | ${budget} | ${ok === undefined ? '' : verdict(ok)} |`);
  const line = (s: Summary & { lost: number }) =>
    `${s.n} changes: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}${s.lost ? `, ${s.lost} never seen` : ''}`;

  console.log(`\nload before: ${figures.load.before}\nload after:  ${figures.load.after}`);
  const big = window.big;
  console.log(
    `big sync: ${big.status}, ${big.entities} entities, ${big.endedAt ? `${((big.endedAt - big.startedAt) / 1000).toFixed(1)} s` : 'still running when the window closed'}`,
  );
  console.log('\n| figure | measured | budget | |\n|---|---|---|---|');
  row('change → visible, during the big sync', line(beside), `p95 ≤ ${ms(BUDGETS.visibleP95Ms)}, max ≤ ${ms(BUDGETS.visibleMaxMs)}`, checks[0]! && checks[1]!);
  row(
    'change → visible, worst company during the big sync',
    `p95 ${ms(worst.p95)}, max ${ms(worst.max)}; ${worst.over} of ${worst.companies} companies over`,
    'every company within the above',
    checks[2],
  );
  row('change → visible, whole window', line(overall), '—');
  row('change → visible, changes alone (no users, no big sync)', line(quiet), '—');
  row(
    'edit save (PUT /api/sales-orders/:id)',
    `${save.n} saves: p50 ${ms(save.p50)}, p95 ${ms(save.p95)}, max ${ms(save.max)}`,
    `p95 ≤ ${ms(BUDGETS.saveP95Ms)}`,
    checks[3],
  );
  const split = (what: string, answers: readonly Timed[]) => {
    const { during, besides } = splitByBigSync(answers, window.big);
    row(`${what}, during the big sync / the rest of the window`, `p95 ${ms(during.p95)} of ${during.n} / p95 ${ms(besides.p95)} of ${besides.n}`, '—');
  };
  split('edit save', window.load.saves);
  row(
    'list (first page of sales and purchase orders)',
    `${list.n} lists: p50 ${ms(list.p50)}, p95 ${ms(list.p95)}, max ${ms(list.max)}`,
    `p95 ≤ ${ms(BUDGETS.listP95Ms)}`,
    checks[4],
  );
  split('list', window.load.lists);
  console.log(`| answers other than 200 | ${JSON.stringify(window.load.refused)} | — | |`);
  const pollSeconds = calm.polls * calm.cpuPerPoll;
  const changeSeconds = calm.cpuSeconds - calm.idleCpuSeconds - pollSeconds;
  row(
    'CPU per change, changes alone (product processes + PostgreSQL)',
    `${((changeSeconds * 1000) / Math.max(1, calm.samples.length)).toFixed(1)} ms (${calm.cpuSeconds.toFixed(1)} s over ${calm.samples.length} changes in ${calm.seconds.toFixed(0)} s, less ${calm.idleCpuSeconds.toFixed(1)} s idle and ${pollSeconds.toFixed(1)} s for ${calm.polls} polls at ${(calm.cpuPerPoll * 1000).toFixed(1)} ms)`,
    '—',
  );
  row(
    'CPU per change, whole window (all the work of the window over its changes)',
    `${((window.cpuSeconds * 1000) / Math.max(1, window.samples.length)).toFixed(1)} ms (${window.cpuSeconds.toFixed(1)} s in ${window.seconds.toFixed(0)} s)`,
    '—',
  );
  row('RSS of the product processes', figures.rss.map((point) => `${point.mb.toFixed(0)} MB at ${point.companies} companies`).join(', '), '—');
  row('RSS per added company', `${rssPerCompany.toFixed(2)} MB`, `flat (≤ ${BUDGETS.rssPerCompanyMb} MB)`, checks[5]);
  const { qbo } = figures;
  // QBO_CATCH_UP_MINUTES=0 turns the catch-ups off.
  const catchUpsPerHour = qbo.catchUpMinutes > 0 ? 60 / qbo.catchUpMinutes : 0;
  row(
    'QuickBooks requests per company per hour',
    `${(qbo.windowPerCompanyHour + catchUpsPerHour * qbo.perCatchUp).toFixed(0)} (${qbo.windowPerCompanyHour.toFixed(0)} at the window's pace + ${qbo.perCatchUp.toFixed(1)} per catch-up × ${catchUpsPerHour.toFixed(0)} catch-ups)`,
    '— (Intuit allows 500 a minute per company)',
  );
  row('QuickBooks requests per change (webhook imports, edits written back, their reads)', qbo.perChange.toFixed(2), '—');
  console.log(`\nwhere the time goes, changes alone: ${figures.stages.calm}`);
  console.log(`where the time goes, during the big sync: ${figures.stages.during}`);
  console.log(`CPU by part, changes alone: ${calm.cpuByPart}`);
  console.log(`CPU by part, window: ${window.cpuByPart}`);
  console.log(`PostgreSQL backends during the window:\n  ${figures.databaseWaits.join('\n  ')}`);
  console.log(`svc-inventory during the big sync: ${figures.inventoryStanding}`);
  const met = checks.every(Boolean);
  console.log(`\n${met ? 'every budget met' : 'budgets not met'}`);
  return met;
}
