import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createLogger, PROCESS_SETTINGS } from '@printpool/service-kit';
import { startDevMailboxServer, type DevMailboxServer } from './devMailboxServer.js';
import { runToEnd, waitUntilReady } from './processes.js';
import { startReplicaBalancer, type ReplicaBalancer } from './replicaBalancer.js';
import { replicaCount, replicaPort } from './replicas.js';
import { supervise, type Supervised } from './supervisor.js';
import { fromRoot } from './repoPaths.js';
import { LAUNCHER_SETTINGS } from './launcherSettings.js';
import { localQbo, usesRealIntuit } from './localQbo.js';
import { stageWebRoot } from './webRoot.js';
import { loadOrCreateLocalSecrets } from './localSecrets.js';
import { launchPortProblem, type LaunchPort } from './ports.js';

/**
 * Distributed mode: every service and the gateway in its own process, on real PostgreSQL
 * (DATABASE_URL) and NATS JetStream (NATS_URL), as every deployment runs them.
 */
const env = process.env;
for (const name of ['DATABASE_URL', 'NATS_URL']) {
  if (!env[name]) {
    process.stderr.write(`${name} must be set for the distributed mode (see docs/operations.md).\n`);
    process.exit(1);
  }
}

const host = '127.0.0.1';
const gatewayPort = Number(env.PORT ?? LAUNCHER_SETTINGS.defaultOf('PORT'));
const basePort = Number(env.SERVICE_BASE_PORT ?? gatewayPort + 100);
const replicas = (() => {
  try {
    return replicaCount(env.REPLICAS);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return process.exit(1);
  }
})();
{
  // Every port this mode listens on is one the readiness checks and browsers can reach, or it does not start.
  const offset = (by: number) => (env.SERVICE_BASE_PORT ? `SERVICE_BASE_PORT + ${by}` : `PORT + ${100 + by}`);
  const ports: LaunchPort[] = [
    { port: gatewayPort, from: 'PORT', serves: 'the gateway' },
    ...['svc-inventory', 'svc-sync', 'svc-documents'].map((serves, index) => ({ port: basePort + index + 1, from: offset(index + 1), serves })),
    { port: basePort + 10, from: offset(10), serves: 'the QBO sandbox' },
    { port: basePort + 20, from: offset(20), serves: 'the dev mailbox' },
    ...(replicas > 1
      ? [0, 1, 2, 3].flatMap((processIndex) =>
          Array.from({ length: replicas }, (_, replica) => {
            const port = replicaPort(basePort, processIndex, replica);
            return { port, from: offset(port - basePort), serves: 'a replica' };
          }),
        )
      : []),
  ];
  const problem = launchPortProblem(ports);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
const shared: NodeJS.ProcessEnv = {
  ...env,
  INTERNAL_TOKEN_SECRET: env.INTERNAL_TOKEN_SECRET ?? randomBytes(32).toString('hex'),
  // QuickBooks tokens stay readable after a restart: the key is kept beside the data, as the all-in-one mode keeps it.
  ...(env.QBO_TOKEN_KEY || env.QBO_TOKEN_KEYS
    ? {}
    : { QBO_TOKEN_KEY: loadOrCreateLocalSecrets(env.DATA_DIR ?? PROCESS_SETTINGS.defaultOf('DATA_DIR')).qboTokenKey }),
  HOST: host,
};

const publicOrigin = env.PUBLIC_ORIGIN ?? `http://${host}:${gatewayPort}`;
const sandboxPort = basePort + 10;
const qbo = usesRealIntuit(env) ? undefined : localQbo(publicOrigin, `http://${host}:${sandboxPort}`);
Object.assign(shared, qbo?.syncEnv, { PUBLIC_ORIGIN: publicOrigin });

const services = [
  { name: 'svc-inventory', port: basePort + 1, urlVar: 'INVENTORY_URL' },
  { name: 'svc-sync', port: basePort + 2, urlVar: 'SYNC_URL' },
  { name: 'svc-documents', port: basePort + 3, urlVar: 'DOCUMENTS_URL' },
];

for (const service of services) shared[service.urlVar] = `http://${host}:${service.port}`;

const children: Supervised[] = [];
const balancers: ReplicaBalancer[] = [];
let devMailbox: DevMailboxServer | undefined;
let stopping = false;
// The first reason to stop decides the exit code.
const stopAndExit = (code: number) => {
  if (stopping) return;
  stopping = true;
  void Promise.all(balancers.map((balancer) => balancer.close()))
    .then(() => Promise.all(children.map((child) => child.stop())))
    .then(() => devMailbox?.close())
    .catch(() => undefined)
    .finally(() => process.exit(code));
};
const migrate = (name: string, migrateEnv: NodeJS.ProcessEnv) =>
  runToEnd({ name: `${name} migrate`, script: fromRoot(name, 'dist/main.js'), args: ['migrate'], env: migrateEnv });
// A process that exits is started again and the others go on serving, as an orchestrator would do.
const start = (spec: Parameters<typeof supervise>[0]) => {
  const child = supervise(spec, {
    onExit: (name, code, restartInMs) => process.stderr.write(`${name} exited (code ${code}); starting it again in ${restartInMs} ms.\n`),
  });
  children.push(child);
  return child;
};
/**
 * A service or the gateway as REPLICAS processes behind a balancer on its usual port, as a
 * Deployment behind its Service; one process on that port when REPLICAS is 1.
 */
async function startReplicas(name: string, port: number, index: number, replicaEnv: NodeJS.ProcessEnv): Promise<void> {
  const url = (at: number) => `http://${host}:${at}`;
  if (replicas === 1) {
    const child = start({ name, script: fromRoot(name, 'dist/main.js'), env: { ...replicaEnv, PORT: String(port) } });
    await waitUntilReady(name, `${url(port)}/readyz`, child.current());
    return;
  }
  const ports = Array.from({ length: replicas }, (_, replica) => replicaPort(basePort, index, replica));
  await Promise.all(
    ports.map(async (at, replica) => {
      // Answering not ready a moment before it stops taking connections, as a preStop hook does, so the balancer moves on first.
      const child = start({
        name: `${name}#${replica + 1}`,
        script: fromRoot(name, 'dist/main.js'),
        env: { SHUTDOWN_DELAY_MS: '1000', ...replicaEnv, PORT: String(at) },
      });
      await waitUntilReady(`${name}#${replica + 1}`, `${url(at)}/readyz`, child.current());
    }),
  );
  balancers.push(await startReplicaBalancer({ host, port, replicas: ports.map(url) }));
}

process.once('SIGINT', () => stopAndExit(0));
process.once('SIGTERM', () => stopAndExit(0));

try {
  // Without SMTP_URL, mail goes to the dev mailbox in this process; its pages get a loopback
  // port of their own (SERVICE_BASE_PORT + 20), never the gateway's, as they have no sign-in.
  if (!env.SMTP_URL) {
    devMailbox = await startDevMailboxServer({ host, port: basePort + 20, logger: createLogger('dev-mailbox') });
    shared.SMTP_URL = devMailbox.mailbox.smtpUrl;
  }
  if (qbo) {
    const sandbox = start({
      name: 'qbo-sandbox',
      script: fromRoot('infra', 'qbo-sandbox', 'dist', 'main.js'),
      env: {
        ...env,
        QBO_SANDBOX_PORT: String(sandboxPort),
        QBO_SANDBOX_BASE_URL: qbo.baseUrl,
        QBO_SANDBOX_CLIENT_ID: qbo.clientId,
        QBO_SANDBOX_CLIENT_SECRET: qbo.clientSecret,
        QBO_SANDBOX_REDIRECT_URIS: qbo.redirectUri,
        QBO_WEBHOOK_URL: qbo.webhookUrl,
        QBO_WEBHOOK_VERIFIER: qbo.webhookVerifier,
        // Its companies and the tokens it gave outlive a restart (an empty value keeps them in memory, as the e2e suite does).
        QBO_SANDBOX_DATA_DIR: env.QBO_SANDBOX_DATA_DIR ?? path.join(env.DATA_DIR ?? PROCESS_SETTINGS.defaultOf('DATA_DIR'), 'qbo-sandbox'),
      },
    });
    await waitUntilReady('qbo-sandbox', `${qbo.baseUrl}/healthz`, sandbox.current());
  }
  // As a deployment's migration jobs do before a rollout: processes that serve only wait for their schema.
  await Promise.all(['svc-gateway', ...services.map((service) => service.name)].map((name) => migrate(name, shared)));
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...shared,
    PORT: String(gatewayPort),
    WEB_ROOT: env.WEB_ROOT ?? stageWebRoot(env.DATA_DIR ?? PROCESS_SETTINGS.defaultOf('DATA_DIR')),
  };
  await Promise.all(services.map((service, index) => startReplicas(service.name, service.port, index + 1, shared)));
  await startReplicas('svc-gateway', gatewayPort, 0, gatewayEnv);
  process.stdout.write(`PrintPool (distributed) is running at http://${host}:${gatewayPort}/\n`);
  if (devMailbox) process.stdout.write(`E-mail it sends is in the dev mailbox at ${devMailbox.url}/dev/mailbox\n`);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  stopAndExit(1);
}
