import { spawn } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { fromRoot } from '../src/repoPaths.js';

/** `node <service>/dist/main.js` with nothing set, run from source as the images run the build. */
function startBare(service: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--conditions=@printpool/source', '--import', 'tsx', fromRoot(service, 'src', 'main.ts')], {
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const COMMON = 'DATABASE_URL, NATS_URL, INTERNAL_TOKEN_SECRET';

describe('a service started alone without its configuration', () => {
  it.each([
    ['svc-gateway', 'gateway', `${COMMON}, INVENTORY_URL, SYNC_URL and DOCUMENTS_URL`],
    ['svc-inventory', 'svc-inventory', `${COMMON} and DOCUMENTS_URL`],
    ['svc-sync', 'svc-sync', `${COMMON}, QBO_CLIENT_ID, QBO_CLIENT_SECRET, QBO_REDIRECT_URI, QBO_TOKEN_KEY or QBO_TOKEN_KEYS and INVENTORY_URL`],
    ['svc-documents', 'svc-documents', `${COMMON}, SMTP_URL and INVENTORY_URL`],
  ])(
    '%s exits at once naming every variable it lacks, with no stack trace',
    async (service, name, missing) => {
      const { code, output } = await startBare(service);
      expect(code).toBe(1);
      expect(output.trim()).toBe(`${name} cannot start: ${name} needs ${missing}: set them in the environment (docs/configuration.md)`);
    },
    60_000,
  );
});
