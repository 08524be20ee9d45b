import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A complete, valid 1×1 PNG (signature, IHDR, IDAT, IEND), as a phone photo of a sign-off would be. */
export function onePixelPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // One scanline: filter byte 0, then one green pixel.
  const pixels = deflateSync(Buffer.from([0, 0x2e, 0x8b, 0x57]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A Windows executable's opening bytes saved under a picture's name, on disk, so the browser
 * infers the file's type from its extension as it would for a file a user picked.
 */
export function renamedExecutable(fileName: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'printpool-e2e-'));
  const file = path.join(dir, fileName);
  const dosHeader = Buffer.alloc(128);
  dosHeader.write('MZ', 0, 'latin1');
  dosHeader.write('This program cannot be run in DOS mode.', 78, 'latin1');
  writeFileSync(file, dosHeader);
  return file;
}
