/**
 * The QuickBooks side of the sync bench, in a process of its own: its CPU (generating the
 * company, serialising answers) is Intuit's in real life, so it must not count as PrintPool's.
 * Started by syncBench.ts with the company to serve in argv; it tells the parent its address
 * and the company over IPC, then serves until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createQboSandbox } from '@printpool/qbo-sandbox';
import { createLogger } from '@printpool/service-kit';

export interface SandboxSpec {
  kind: 'tidy' | 'messy';
  scale: number;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  adminToken: string;
}

export interface SandboxReady {
  url: string;
  realmId: string;
  counts: Record<string, number>;
}

const spec = JSON.parse(process.argv[2]!) as SandboxSpec;
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const sandbox = createQboSandbox({
  baseUrl: url,
  clients: [{ clientId: spec.clientId, clientSecret: spec.clientSecret, redirectUris: [spec.redirectUri] }],
  companies: [{ seed: 1, scale: spec.scale, companyName: `Bench Print Brokers (${spec.kind})`, messy: spec.kind === 'messy' }],
  adminToken: spec.adminToken,
  logger: createLogger('qbo-sandbox', 'warn'),
});
server.on('request', sandbox.app.callback());
const company = sandbox.admin.companies()[0]!;
process.send!({ url, realmId: company.realmId, counts: company.counts } satisfies SandboxReady);
