import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files are kept, under the generated names the database records
 * (`attachments.storage_name`): a folder on local disk (the embedded default) or an
 * S3-compatible bucket (s3AttachmentStore.ts), chosen by configuration (storeFromEnv.ts).
 */
export interface AttachmentStore {
  /** A local folder an upload is written to while it arrives, checked before it is kept. */
  readonly stagingDir: string;
  /** Keeps the complete file at `stagedPath` as `name`; the staged file is gone afterwards. */
  keep(stagedPath: string, name: string, contentType: string): Promise<void>;
  /** The kept file's bytes, or undefined when there is no file of that name. */
  open(name: string): Promise<Readable | undefined>;
  /** Forgets the file; nothing happens when there is none. */
  remove(name: string): Promise<void>;
}

/** Files in one folder on local disk; an upload arrives beside them under a temporary name, so keeping it is a rename. */
export function diskAttachmentStore(dir: string): AttachmentStore {
  return {
    stagingDir: dir,
    async keep(stagedPath, name) {
      await mkdir(dir, { recursive: true });
      await rename(stagedPath, path.join(dir, name));
    },
    async open(name) {
      const handle = await open(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      return handle?.createReadStream();
    },
    async remove(name) {
      await rm(path.join(dir, name), { force: true });
    },
  };
}
