import { S3Client } from '@aws-sdk/client-s3';
import { defineSettings } from '@printpool/service-kit';
import { diskAttachmentStore, type AttachmentStore } from './attachmentStore.js';
import { s3AttachmentStore } from './s3AttachmentStore.js';

/** Where uploads are kept: a folder, or a bucket every replica reads. */
export const ATTACHMENT_SETTINGS = defineSettings(
  { part: 'processes', usedBy: 'svc-documents' },
  {
    ATTACHMENTS_DIR: {
      unset: '`$DATA_DIR/attachments`',
      description: 'where uploads are kept; with a bucket, only where an upload waits while it arrives',
    },
    ATTACHMENTS_DIR_PER_REPLICA: {
      default: false,
      description:
        "`true` where `ATTACHMENTS_DIR` is each replica's own disk (a pod's emptyDir): an upload would be served by the replica that took it alone, so svc-documents refuses to start without `ATTACHMENTS_S3_BUCKET`; `false` for one replica, or a folder every replica shares",
    },
    ATTACHMENTS_S3_BUCKET: {
      unset: 'uploads stay in `ATTACHMENTS_DIR`',
      description: 'keep uploads in this S3-compatible bucket instead of `ATTACHMENTS_DIR`, so every replica serves every file',
    },
    ATTACHMENTS_S3_ENDPOINT: { unset: 'AWS', description: "the bucket's server" },
    ATTACHMENTS_S3_REGION: { unset: '`AWS_REGION`, then `us-east-1`', description: "the bucket's region" },
    AWS_REGION: {
      rarelySet: true,
      description: "the bucket's region when `ATTACHMENTS_S3_REGION` is unset; the AWS SDK reads its other `AWS_*` variables itself",
    },
    ATTACHMENTS_S3_PREFIX: { unset: 'none', description: 'prefix of every key in the bucket' },
    ATTACHMENTS_S3_FORCE_PATH_STYLE: {
      unset: '`true` with an endpoint, else `false`',
      description: '`true` addresses the bucket by path, not by host name, as servers other than AWS (MinIO, Ceph, s3rver) need',
    },
    ATTACHMENTS_S3_ACCESS_KEY_ID: {
      secret: true,
      unset: 'the AWS SDK finds credentials (`AWS_*` variables, a web identity token, an instance role)',
      description: "the bucket's access key id; set with `ATTACHMENTS_S3_SECRET_ACCESS_KEY`, or neither",
    },
    ATTACHMENTS_S3_SECRET_ACCESS_KEY: {
      secret: true,
      unset: 'as `ATTACHMENTS_S3_ACCESS_KEY_ID`',
      description: "the bucket's secret access key; set with `ATTACHMENTS_S3_ACCESS_KEY_ID`, or neither",
    },
    ATTACHMENTS_S3_TIMEOUT_MS: {
      default: 30_000,
      description: "how long the bucket's server may stay silent before an attempt fails, which the AWS SDK retries (connecting at most 5 s of it)",
    },
  },
);

/**
 * The attachment store the environment names: an S3-compatible bucket when
 * ATTACHMENTS_S3_BUCKET is set, else the folder `dir` (ATTACHMENTS_DIR). With a bucket, `dir`
 * only holds uploads while they arrive. Credentials come from ATTACHMENTS_S3_ACCESS_KEY_ID and
 * ATTACHMENTS_S3_SECRET_ACCESS_KEY, or, without them, from the AWS SDK's own chain (AWS_*
 * variables, a web identity token, an instance role).
 */
export function attachmentStoreFromEnv(env: NodeJS.ProcessEnv, dir: string): AttachmentStore {
  const bucket = env.ATTACHMENTS_S3_BUCKET;
  if (!bucket && ATTACHMENT_SETTINGS.boolean(env, 'ATTACHMENTS_DIR_PER_REPLICA')) {
    throw new Error(
      "ATTACHMENTS_DIR_PER_REPLICA=true: ATTACHMENTS_DIR is each replica's own disk, so an upload would be missing on every other replica. Set ATTACHMENTS_S3_BUCKET, or run one replica (or share the folder) and set ATTACHMENTS_DIR_PER_REPLICA=false",
    );
  }
  if (!bucket) return diskAttachmentStore(dir);
  const accessKeyId = env.ATTACHMENTS_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.ATTACHMENTS_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error('ATTACHMENTS_S3_ACCESS_KEY_ID and ATTACHMENTS_S3_SECRET_ACCESS_KEY are set together, or neither (the AWS SDK then finds credentials)');
  }
  const endpoint = env.ATTACHMENTS_S3_ENDPOINT || undefined;
  const timeoutMs = ATTACHMENT_SETTINGS.number(env, 'ATTACHMENTS_S3_TIMEOUT_MS');
  const client = new S3Client({
    endpoint,
    region: env.ATTACHMENTS_S3_REGION || env.AWS_REGION || 'us-east-1',
    // Servers other than AWS (MinIO, Ceph, s3rver) address buckets by path, not by host name.
    forcePathStyle: (env.ATTACHMENTS_S3_FORCE_PATH_STYLE ?? (endpoint ? 'true' : 'false')) === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all read the checksum trailers of a streamed body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits for good by default: a silent server fails the request after ATTACHMENTS_S3_TIMEOUT_MS
    // (connecting at most 5 s of it), and the SDK retries it as it does any transient failure.
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 5_000), socketTimeout: timeoutMs },
  });
  return s3AttachmentStore({ client, bucket, prefix: env.ATTACHMENTS_S3_PREFIX ?? '', stagingDir: dir });
}
