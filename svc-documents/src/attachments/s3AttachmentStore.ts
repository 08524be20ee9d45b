import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { AttachmentStore } from './attachmentStore.js';

export interface S3AttachmentStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every object key (`printpool/attachments/`), so one bucket may hold more than attachments. */
  prefix: string;
  /** The local folder uploads arrive in before they are sent to the bucket. */
  stagingDir: string;
}

/**
 * Attachments in an S3-compatible bucket, so that every replica of svc-documents serves every
 * file. An upload is checked on local disk as it arrives (receiveUpload.ts) and sent whole once
 * it is accepted, so a refused one never reaches the bucket.
 */
export function s3AttachmentStore({ client, bucket, prefix, stagingDir }: S3AttachmentStoreOptions): AttachmentStore {
  const key = (name: string) => `${prefix}${name}`;
  return {
    stagingDir,
    async keep(stagedPath, name, contentType) {
      try {
        const { size } = await stat(stagedPath);
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key(name), Body: createReadStream(stagedPath), ContentLength: size, ContentType: contentType }),
        );
      } finally {
        await rm(stagedPath, { force: true });
      }
    },
    async open(name) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        return Body instanceof Readable ? Body : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
  };
}
