import { createServer } from 'node:http';
import path from 'node:path';
import { createLogger } from '@printpool/service-kit';
import { startAllInOne } from './allInOne.js';
import { loadOrCreateLocalSecrets } from './localSecrets.js';
import { stageWebRoot } from './webRoot.js';

/**
 * All-in-one mode: the gateway and every service in one process on one port, each service
 * on its own embedded PGlite database under DATA_DIR, events on the in-process bus.
 */
const logger = createLogger('printpool');
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const product = await startAllInOne({
  env: { ...process.env, WEB_ROOT: process.env.WEB_ROOT ?? stageWebRoot(dataDir) },
  logger,
  secrets: loadOrCreateLocalSecrets(dataDir),
  publicOrigin: process.env.PUBLIC_ORIGIN ?? `http://${host}:${port}`,
  dataDir,
});
const server = createServer(product.listener);
server.listen(port, host, () => {
  logger.info(`PrintPool is running at http://${host}:${port}/`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  await product.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
