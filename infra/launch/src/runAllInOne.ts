import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// The server alone: the rest of service-kit loads once the port answers (below).
import { createHttpServer } from '@printpool/service-kit/http-server';
import { createStartingApp } from '@printpool/svc-gateway/starting';
import { loadOrCreateLocalSecrets } from './localSecrets.js';

export interface RunAllInOneOptions {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  webRoot: string | undefined;
  port: number;
  host: string;
  /** The first start's embedded database (embeddedTemplate.ts); the build's by default. */
  embeddedTemplate?: string;
}

export interface RunningAllInOne {
  server: Server;
  /** The address the port answers on from the first moment. */
  origin: string;
  /** Settles once the services are up and the port serves the whole product. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the all-in-one product behind a port that answers at once: the front-end and a 503
 * for the API (svc-gateway/src/static/startingApp.ts) while the embedded database migrates and
 * the services start, then the product itself.
 */
export async function runAllInOne(options: RunAllInOneOptions): Promise<RunningAllInOne> {
  let listener: RequestListener = createStartingApp(options.webRoot).callback();
  const server = createHttpServer((req, res) => listener(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host}:${port}`;
  const product = (async () => {
    // The services' code is loaded once the port answers: importing it takes seconds of its own.
    const { createLogger, startTelemetry } = await import('@printpool/service-kit');
    const { startAllInOne } = await import('./allInOne.js');
    const logger = createLogger('printpool');
    const telemetry = startTelemetry({ serviceName: 'printpool', env: options.env });
    const started = await startAllInOne({
      env: { ...options.env, WEB_ROOT: options.webRoot },
      logger,
      secrets: loadOrCreateLocalSecrets(options.dataDir),
      publicOrigin: options.env.PUBLIC_ORIGIN ?? origin,
      dataDir: options.dataDir,
      embeddedTemplate: options.embeddedTemplate,
    });
    listener = started.listener;
    logger.info(`PrintPool is running at ${origin}/`);
    return { stop: () => started.stop().finally(() => telemetry.shutdown().catch(() => undefined)) };
  })();
  return {
    server,
    origin,
    ready: product.then(() => undefined),
    async stop() {
      server.closeAllConnections();
      server.close();
      await (await product.catch(() => undefined))?.stop();
    },
  };
}
