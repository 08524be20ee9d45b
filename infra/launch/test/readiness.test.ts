import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromRoot } from '../src/repoPaths.js';
import { waitUntilReady } from '../src/processes.js';

/** A child that is still running, as far as waitUntilReady looks. */
const running = { exitCode: null } as ChildProcess;

/** The distributed launcher as `npm run start:distributed` runs it, from source; what it wrote to stderr and its exit code. */
function launchDistributed(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@printpool/source', fromRoot('infra', 'launch', 'src', 'distributed.ts')], {
    env: { ...process.env, DATABASE_URL: 'postgres://127.0.0.1:1/none', NATS_URL: 'nats://127.0.0.1:1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('the readiness check of a launched process', () => {
  it('fails at once with the real cause when fetch refuses the port', async () => {
    await expect(waitUntilReady('svc-sync', 'http://127.0.0.1:6000/readyz', running, 30_000)).rejects.toThrow(
      "svc-sync's readiness check of http://127.0.0.1:6000/readyz failed: bad port",
    );
  });

  it('says what the last attempt got when the process never became ready', async () => {
    const server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
    try {
      await expect(waitUntilReady('svc-documents', url, running, 300)).rejects.toThrow(
        `svc-documents was not ready at ${url} within 300 ms (last attempt: answered 503)`,
      );
    } finally {
      server.close();
    }
  });
});

describe('the distributed launcher', () => {
  it('refuses a port browsers and fetch refuse, naming the variable to change, before it starts anything', async () => {
    const gateway = await launchDistributed({ PORT: '6000' });
    expect(gateway.code).toBe(1);
    expect(gateway.stderr).toContain('PORT gives port 6000 for the gateway');
    expect(gateway.stderr).toContain('choose another PORT');

    const sandbox = await launchDistributed({ PORT: '3800', SERVICE_BASE_PORT: '5990' });
    expect(sandbox.code).toBe(1);
    expect(sandbox.stderr).toContain('SERVICE_BASE_PORT + 10 gives port 6000 for the QBO sandbox');
    expect(sandbox.stderr).toContain('choose another SERVICE_BASE_PORT');
  }, 60_000);
});
