/** The upload types the approve dialog accepts (docs/product.md §5), recognised by their leading bytes. */
export interface DetectedType {
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';
  extension: 'jpg' | 'png' | 'gif' | 'pdf';
}

/** Enough leading bytes to tell every accepted type apart. */
export const SIGNATURE_BYTES = 8;

const SIGNATURES: Array<{ bytes: number[]; type: DetectedType }> = [
  { bytes: [0xff, 0xd8, 0xff], type: { contentType: 'image/jpeg', extension: 'jpg' } },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { contentType: 'image/png', extension: 'png' } },
  { bytes: [...'GIF87a'].map((c) => c.charCodeAt(0)), type: { contentType: 'image/gif', extension: 'gif' } },
  { bytes: [...'GIF89a'].map((c) => c.charCodeAt(0)), type: { contentType: 'image/gif', extension: 'gif' } },
  { bytes: [...'%PDF-'].map((c) => c.charCodeAt(0)), type: { contentType: 'application/pdf', extension: 'pdf' } },
];

/**
 * The type a file's content proves, or undefined. The client's name and declared type are
 * never trusted: a renamed executable must not pass as a picture.
 */
export function detectFileType(head: Uint8Array): DetectedType | undefined {
  return SIGNATURES.find(({ bytes }) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b))?.type;
}
