import path from 'node:path';
import { PROCESS_SETTINGS } from '@printpool/service-kit';
import { LAUNCHER_SETTINGS } from './launcherSettings.js';
import { launchPortProblem } from './ports.js';
import { runAllInOne } from './runAllInOne.js';
import { stageWebRoot } from './webRoot.js';

/**
 * All-in-one mode: the gateway and every service in one process on one port, every service's
 * schema in one embedded PGlite database under DATA_DIR, events on the in-process bus. The
 * port answers from the first moment: the front-end at once, the API once the services are up.
 */
const dataDir = path.resolve(process.env.DATA_DIR ?? PROCESS_SETTINGS.defaultOf('DATA_DIR'));
const port = Number(process.env.PORT ?? LAUNCHER_SETTINGS.defaultOf('PORT'));
// Browsers refuse some ports: the product would start and no one could open it.
const portProblem = launchPortProblem([{ port, from: 'PORT', serves: 'PrintPool' }]);
if (portProblem) {
  process.stderr.write(`${portProblem}\n`);
  process.exit(1);
}
const running = await runAllInOne({
  env: process.env,
  dataDir,
  webRoot: process.env.WEB_ROOT ?? stageWebRoot(dataDir),
  port,
  host: process.env.HOST ?? LAUNCHER_SETTINGS.defaultOf('HOST'),
});
await running.ready;

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await running.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
