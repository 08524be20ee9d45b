import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describeAttachmentStoreContract } from './support/attachmentContract.js';
import { startS3Server } from './support/s3Server.js';

describeAttachmentStoreContract('local disk', async () => ({
  env: {},
  stored: (h) => readdir(h.attachmentsDir),
  read: (h, name) => readFile(path.join(h.attachmentsDir, name)),
  remove: (h, name) => rm(path.join(h.attachmentsDir, name)),
  close: async () => undefined,
}));

describeAttachmentStoreContract('an S3-compatible server', async () => {
  const s3 = await startS3Server();
  return {
    env: s3.env,
    // Uploads arrive in ATTACHMENTS_DIR before they go to the bucket: nothing may stay there either.
    stored: async (h) => [...(await s3.names()), ...(await readdir(h.attachmentsDir).catch(() => []))],
    read: (_h, name) => s3.read(name),
    remove: (_h, name) => s3.remove(name),
    close: () => s3.close(),
  };
});
