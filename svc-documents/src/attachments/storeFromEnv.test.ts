import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { attachmentStoreFromEnv } from './storeFromEnv.js';

describe('attachments on an S3-compatible server that takes the connection and never answers', () => {
  it('fail within ATTACHMENTS_S3_TIMEOUT_MS per attempt, saying the connection timed out', async () => {
    const connections: Socket[] = [];
    const silent = createServer((socket) => void connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const staging = await mkdtemp(path.join(tmpdir(), 'pp-s3-hung-'));
    const store = attachmentStoreFromEnv(
      {
        ATTACHMENTS_S3_BUCKET: 'printpool-attachments',
        ATTACHMENTS_S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        ATTACHMENTS_S3_ACCESS_KEY_ID: 'key',
        ATTACHMENTS_S3_SECRET_ACCESS_KEY: 'secret',
        ATTACHMENTS_S3_TIMEOUT_MS: '300',
      },
      staging,
    );
    try {
      const started = Date.now();
      await expect(store.open('a1b2c3.pdf')).rejects.toThrow(/timed out after 300 ms/);
      // The SDK's three attempts of 300 ms each and its short backoff between them.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of connections) socket.destroy();
      silent.close();
      await rm(staging, { recursive: true, force: true });
    }
  });
});

describe("attachments kept on each replica's own disk", () => {
  it('refuse to start without a bucket, naming what to set, and start with one', () => {
    expect(() => attachmentStoreFromEnv({ ATTACHMENTS_DIR_PER_REPLICA: 'true' }, tmpdir())).toThrow(
      /ATTACHMENTS_DIR_PER_REPLICA=true.*Set ATTACHMENTS_S3_BUCKET, or run one replica .* set ATTACHMENTS_DIR_PER_REPLICA=false/,
    );
    expect(() => attachmentStoreFromEnv({ ATTACHMENTS_DIR_PER_REPLICA: 'true', ATTACHMENTS_S3_BUCKET: 'printpool-attachments' }, tmpdir())).not.toThrow();
    expect(() => attachmentStoreFromEnv({}, tmpdir())).not.toThrow();
  });
});
