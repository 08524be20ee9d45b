import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's one pair of credentials; it checks every request's signature against them. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** The variables that point svc-documents at the bucket, under `prefix`. */
  env: Record<string, string>;
  /** The names of the objects under the prefix, prefix removed. */
  names(): Promise<string[]>;
  read(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a loopback port, with one empty bucket, storing under a folder of its own. */
export async function startS3Server(bucket = 'printpool-attachments', prefix = 'attachments/'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    env: {
      ATTACHMENTS_S3_BUCKET: bucket,
      ATTACHMENTS_S3_ENDPOINT: endpoint,
      ATTACHMENTS_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      ATTACHMENTS_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      ATTACHMENTS_S3_PREFIX: prefix,
    },
    async names() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!.slice(prefix.length));
    },
    async read(name) {
      const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
      return Buffer.from(await Body!.transformToByteArray());
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
