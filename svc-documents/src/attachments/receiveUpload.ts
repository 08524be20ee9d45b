import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import busboy from 'busboy';
import { badRequest, HttpError } from '@printpool/service-kit';
import { detectFileType, SIGNATURE_BYTES, type DetectedType } from '../domain/fileType.js';
import type { AttachmentStore } from './attachmentStore.js';

export interface ReceivedUpload {
  id: string;
  storageName: string;
  type: DetectedType;
  size: number;
  /** The client's name, unsanitized: display metadata only, never a path. */
  clientFileName: string | undefined;
  fields: Record<string, string>;
}

export const invalidFileType = () => new HttpError(400, 'Invalid File Type', 'INVALID_FILE_TYPE', { field: 'file', accepted: ['JPEG', 'PNG', 'GIF', 'PDF'] });
export const fileTooLarge = () => new HttpError(413, 'File Too Large', 'FILE_TOO_LARGE', { field: 'file', maxBytes: 10 * 1024 * 1024 });

/** Room for the multipart framing and small fields around the file. */
const FRAMING_ALLOWANCE = 64 * 1024;

/**
 * Streams the multipart field `file` into `store` as `<uuid>.<ext>`. The type comes from the
 * first bytes; more than `maxBytes` is refused while streaming, so at most the limit ever
 * reaches the disk and a partial file is removed. Until it is complete and accepted the file
 * sits in the store's staging folder under a temporary name, so a failed upload never shows up
 * as a stored one.
 */
export async function receiveUpload(req: IncomingMessage, store: AttachmentStore, maxBytes: number): Promise<ReceivedUpload> {
  const dir = store.stagingDir;
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'Expected multipart/form-data with a file field', 'UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_ALLOWANCE) throw fileTooLarge();
  await mkdir(dir, { recursive: true });

  const id = randomUUID();
  const partPath = path.join(dir, `.${id}.part`);
  const fields: Record<string, string> = {};
  let parser: busboy.Busboy;
  try {
    // busboy signals its limit on reaching it, not on passing it: one byte more lets a file of exactly maxBytes through.
    parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 1024 } });
  } catch {
    throw badRequest('Malformed multipart body');
  }

  const received = new Promise<Omit<ReceivedUpload, 'fields'>>((resolve, reject) => {
    let fileSeen = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || fileSeen) {
        stream.resume();
        return;
      }
      fileSeen = true;
      const out = createWriteStream(partPath, { flags: 'wx' });
      let head = Buffer.alloc(0);
      let type: DetectedType | undefined;
      let size = 0;
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        // Keep reading (and discarding) so the request completes and the answer reaches the client.
        stream.resume();
        // Settle only once the partial file is closed, so removing it cannot race its creation.
        if (out.closed) return reject(error);
        out.once('close', () => reject(error));
        out.destroy();
      };
      out.on('error', fail);
      // A form that ends inside the file ('Unexpected end of form') errors the file's stream; unheard, it would crash the process.
      stream.on('error', () => fail(badRequest('Malformed multipart body')));
      stream.on('limit', () => fail(fileTooLarge()));
      stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (!type) {
          head = Buffer.concat([head, chunk]);
          if (head.length < SIGNATURE_BYTES) return;
          type = detectFileType(head);
          if (!type) return fail(invalidFileType());
          chunk = head;
        }
        if (!out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      stream.on('end', () => {
        if (failed) return;
        // A file shorter than the longest signature is judged on what there is.
        if (!type) {
          type = detectFileType(head);
          if (!type) return fail(invalidFileType());
          out.write(head);
        }
        const detected = type;
        out.end(() => resolve({ id, storageName: `${id}.${detected.extension}`, type: detected, size, clientFileName: info.filename }));
      });
    });
    parser.on('error', () => reject(badRequest('Malformed multipart body')));
    parser.on('close', () => {
      if (!fileSeen) reject(badRequest('file: a file is required'));
    });
  });

  req.pipe(parser);
  try {
    const upload = await received;
    await store.keep(partPath, upload.storageName, upload.type.contentType);
    return { ...upload, fields };
  } catch (error) {
    req.unpipe(parser);
    req.resume();
    await rm(partPath, { force: true });
    throw error;
  }
}
