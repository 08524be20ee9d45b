/** docs/product.md §9: what an approval may carry. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The file chooser offers the same types the check accepts. */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf';
/** Enough leading bytes to tell every accepted type apart. */
export const SIGNATURE_BYTES = 8;

/**
 * JPEG, PNG, GIF and PDF by their leading bytes, the signatures svc-documents checks: the
 * browser names a file's type from its extension, so a renamed file would pass on its name
 * here and then be refused by the server.
 */
const SIGNATURES = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [...'GIF87a'], [...'GIF89a'], [...'%PDF-']].map((signature) =>
  signature.map((b) => (typeof b === 'string' ? b.charCodeAt(0) : b)),
);

export interface AttachmentProblem {
  title: 'Invalid File Type' | 'File Too Large';
  description: string;
}

/** Why a chosen file cannot be attached, or null when it can; `head` is its first bytes. Checked before any upload. */
export function attachmentProblem(file: Pick<File, 'size'>, head: Uint8Array): AttachmentProblem | null {
  if (!SIGNATURES.some((signature) => head.length >= signature.length && signature.every((b, i) => head[i] === b))) {
    return { title: 'Invalid File Type', description: 'Please choose a JPEG, PNG, GIF or PDF file.' };
  }
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return { title: 'File Too Large', description: 'Please choose a file of 10 MB or less.' };
  }
  return null;
}

/** The first bytes of a file, all `attachmentProblem` needs to read. */
export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
}
