// Each service, the shell and each remote are built in layers: a module imports from its own folder
// and from the layers below its own, never from one above or beside it, type-only imports included
// (docs/development.md, Layers). This table is where each package's order is written down;
// `npm run lint` checks it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importGraph } from './lib/importGraph.mjs';

/**
 * Every remote's layers from the top: pages over dashboard cards over dialogs over components over
 * the API hooks, and the remote's pure rules at the bottom (mfe-*\/README.md, Exposes).
 */
const REMOTE_LAYERS = [
  // What tests start from: fixtures and fake answers, which nothing else imports.
  ['testing', 'test-support'],
  ['index'],
  ['bootstrap'],
  // The exposed modules held to what the shell loads (libs/platform exposedModules.ts), above them.
  ['exposes'],
  // The exposed modules: ./routes (the pages), then ./widgets (the dashboard cards) and
  // ./settings (sections of the shell's Settings page), which do not import each other.
  ['routes'],
  ['widgets', 'settings'],
  ['dialogs'],
  ['components'],
  // react-query hooks keyed by API path.
  ['api'],
  ['domain'],
];

/**
 * Per package, its layers from the top. A layer lists the folders under src/ (a file directly in
 * src/ by its name without extension) that may sit side by side: they do not import each other.
 */
export const LAYERS = {
  'svc-inventory': [
    ['main'],
    ['index'],
    ['app'],
    // What starts work: HTTP routes, event consumers, the operator's scripts, the alert pass.
    ['routes', 'events', 'scripts', 'alerts'],
    // The changes the broker and QuickBooks make, each run inside a unit of work.
    ['pullTickets'],
    ['orders', 'catalog'],
    // The unit of work: ChangeSet and changeInTransaction, which record the events a change causes.
    ['application'],
    ['read'],
    ['tallies'],
    ['ledger'],
    ['domain'],
    ['db'],
  ],
  'svc-sync': [['main'], ['index'], ['service'], ['app'], ['routes'], ['sync', 'writeBack'], ['events'], ['qbo'], ['db'], ['config', 'crypto'], ['domain']],
  'svc-documents': [
    ['main'],
    ['index'],
    ['app'],
    ['routes'],
    // A customer's statement, rendered and mailed: by the broker's hand or the monthly schedule.
    ['statements'],
    ['pdf', 'mail'],
    // What the routes, documents and mail are handed: built once per service instance.
    ['deps'],
    ['config'],
    ['inventory', 'attachments', 'devMailbox', 'events'],
    ['db'],
    ['smtp'],
    ['domain'],
  ],
  shell: [
    ['index'],
    ['bootstrap'],
    ['App'],
    // The public routes and the signed-in ones, with the public pages under routes/public.
    ['routes'],
    // The shell's own signed-in pages: dashboard, settings, team.
    ['pages'],
    ['layout'],
    ['components', 'federation'],
    // A fake API the shell's tests serve.
    ['testing'],
  ],
  ...Object.fromEntries(
    readdirSync('.')
      .filter((name) => name.startsWith('mfe-'))
      .map((name) => [name, REMOTE_LAYERS]),
  ),
  'svc-gateway': [
    // Entry points: the gateway process, the front-ends served alone (the web image), the OpenAPI writer.
    ['main', 'webMain', 'index', 'scripts'],
    ['module'],
    ['app'],
    ['routes'],
    // What the gateway does besides forwarding: the front-ends, live updates, the company's members and invitations.
    ['proxy', 'static', 'live', 'team'],
    ['http'],
    ['auth'],
    ['events', 'db'],
    ['config'],
    ['web', 'domain'],
  ],
};

/** `svc-x/src/orders/a.ts` → `orders`; `svc-x/src/app.ts` → `app`; `shell/src/App.tsx` → `App`. */
const unitOf = (src, file) =>
  path
    .relative(src, file)
    .split(path.sep)[0]
    .replace(/\.tsx?$/, '');

const problems = [];
const packages = readdirSync('.').filter((name) => /^(svc-|mfe-)/.test(name) || name === 'shell');
for (const pkg of packages) {
  const layers = LAYERS[pkg];
  if (!layers) {
    problems.push(`${pkg}: no layer order in scripts/check-layers.mjs`);
    continue;
  }
  const rank = new Map(layers.flatMap((units, index) => units.map((unit) => [unit, index])));
  const src = path.resolve(pkg, 'src');
  for (const [file, imports] of importGraph(src)) {
    const from = unitOf(src, file);
    if (!rank.has(from)) {
      problems.push(`${pkg}/src/${from} is in no layer of ${pkg} (scripts/check-layers.mjs)`);
      continue;
    }
    for (const imported of imports) {
      const to = unitOf(src, imported);
      if (to === from || rank.get(to) > rank.get(from)) continue;
      const where = rank.get(to) === rank.get(from) ? 'beside' : 'above';
      problems.push(`${path.relative('.', file)} imports ${path.relative('.', imported)}: ${to} is ${where} ${from}`);
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(`layers:\n  ${[...new Set(problems)].join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(`layers: every import points down in ${packages.length} packages\n`);
