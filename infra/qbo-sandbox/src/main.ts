import { pino } from 'pino';
import { createQboSandbox } from './app.js';
import { loadSandboxOptions, SANDBOX_SETTINGS } from './env.js';

const logger = pino({
  name: 'qbo-sandbox',
  level: process.env.LOG_LEVEL ?? 'info',
  redact: { paths: ['req.headers.authorization', '*.access_token', '*.refresh_token'], censor: '[redacted]' },
});
const { port, ...options } = loadSandboxOptions(process.env, logger);
const sandbox = createQboSandbox(options);
const server = sandbox.app.listen(port, process.env.HOST ?? SANDBOX_SETTINGS.settings.HOST.default, () => {
  logger.info({ port, baseUrl: options.baseUrl, companies: sandbox.admin.companies() }, 'qbo-sandbox listening');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void sandbox.close().then(() => process.exit(0));
  });
}
