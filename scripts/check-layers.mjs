// Each service is built in layers: a module imports from its own folder and from the layers below
// its own, never from one above or beside it, type-only imports included (docs/development.md,
// Layers). This table is where each service's order is written down; `npm run lint` checks it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importGraph } from './lib/importGraph.mjs';

/**
 * Per service, its layers from the top. A layer lists the folders under src/ (a file directly in
 * src/ by its name without extension) that may sit side by side: they do not import each other.
 */
export const LAYERS = {
  'svc-inventory': [
    ['main'],
    ['index'],
    ['app'],
    // What starts work: HTTP routes, event consumers, the operator's scripts.
    ['routes', 'events', 'scripts'],
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
    ['pdf', 'mail'],
    // What the routes, documents and mail are handed: built once per service instance.
    ['deps'],
    ['config'],
    ['inventory', 'attachments', 'devMailbox', 'events'],
    ['db'],
    ['smtp'],
    ['domain'],
  ],
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

/** `svc-x/src/orders/a.ts` → `orders`; `svc-x/src/app.ts` → `app`. */
const unitOf = (src, file) =>
  path
    .relative(src, file)
    .split(path.sep)[0]
    .replace(/\.tsx?$/, '');

const problems = [];
const services = readdirSync('.').filter((name) => name.startsWith('svc-'));
for (const service of services) {
  const layers = LAYERS[service];
  if (!layers) {
    problems.push(`${service}: no layer order in scripts/check-layers.mjs`);
    continue;
  }
  const rank = new Map(layers.flatMap((units, index) => units.map((unit) => [unit, index])));
  const src = path.resolve(service, 'src');
  for (const [file, imports] of importGraph(src)) {
    const from = unitOf(src, file);
    if (!rank.has(from)) {
      problems.push(`${service}/src/${from} is in no layer of ${service} (scripts/check-layers.mjs)`);
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
process.stdout.write(`layers: every import points down in ${services.length} services\n`);
