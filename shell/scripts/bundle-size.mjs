// Measures the JavaScript a signed-in user downloads on the first load of the dashboard:
// serves the built shell and remotes the way the gateway does (with a stub API answering a
// signed-in user and empty lists), opens the page in headless Chromium and sums the gzip size
// of every .js file the page requested. Run after building the shell and the remotes.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 400;
const root = join(import.meta.dirname, '..', '..');
const REMOTE_DIRS = ['mfe-purchase-orders', 'mfe-sales-orders', 'mfe-pull-tickets', 'mfe-catalog'];
const remotesJson = Object.fromEntries(REMOTE_DIRS.map((dir) => [dir.replaceAll('-', '_'), `/remotes/${dir}/mf-manifest.json`]));
const api = {
  '/api/auth/user': { id: '1', email: 'broker@example.com', firstName: 'Pat', lastName: 'Broker', bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '' },
  '/api/dashboard/stats': { activeSOs: 0, totalItems: 0, pendingPullTickets: 0, openPOs: 0 },
  '/api/quickbooks/status': { connected: false, hasRealmId: false, companyName: null },
};
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };

function fileFor(pathname) {
  const remote = /^\/remotes\/([^/]+)\/(.*)$/.exec(pathname);
  if (remote && REMOTE_DIRS.includes(remote[1])) return join(root, remote[1], 'dist', normalize(remote[2]));
  const asset = normalize(pathname.slice(1));
  return join(root, 'shell', 'dist', extname(asset) ? asset : 'index.html');
}

const loadedJs = new Map();
const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url, 'http://localhost');
  const send = (status, type, body) => res.writeHead(status, { 'Content-Type': type }).end(body);
  if (pathname === '/remotes.json') return send(200, TYPES['.json'], JSON.stringify(remotesJson));
  if (pathname.startsWith('/api/')) return send(200, TYPES['.json'], JSON.stringify(api[pathname] ?? []));
  try {
    const file = fileFor(pathname);
    const body = await readFile(file);
    if (extname(file) === '.js') loadedJs.set(pathname, gzipSync(body, { level: 9 }).length);
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', body);
  } catch {
    send(404, 'text/plain', 'Not Found');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const chromium = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--virtual-time-budget=15000',
  '--dump-dom',
  url,
]);
const dom = await new Promise((resolve, reject) => {
  let out = '';
  chromium.stdout.on('data', (chunk) => (out += chunk));
  chromium.on('error', reject);
  chromium.on('close', () => resolve(out));
});
server.close();

if (!dom.includes('Overview of your inventory and orders')) {
  process.stderr.write('The dashboard did not render; is everything built?\n');
  process.exit(1);
}
const rows = [...loadedJs].sort((a, b) => b[1] - a[1]);
const totalKb = rows.reduce((sum, [, size]) => sum + size, 0) / 1024;
for (const [path, size] of rows) process.stdout.write(`${(size / 1024).toFixed(1).padStart(8)} KB  ${path}\n`);
process.stdout.write(`${totalKb.toFixed(1).padStart(8)} KB  gzip JS, signed-in dashboard first load (budget ${BUDGET_KB} KB)\n`);
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
