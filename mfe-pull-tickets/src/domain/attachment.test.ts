import { expect, it } from '@jest/globals';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from './attachment.js';

const bytes = (...values: Array<number | string>) => new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a);

it('accepts JPEG, PNG, GIF and PDF content up to 10 MB', () => {
  for (const head of [bytes(0xff, 0xd8, 0xff, 0xe0), PNG, bytes('GIF87a'), bytes('GIF89a'), bytes('%PDF-1.7')]) {
    expect(attachmentProblem({ size: ATTACHMENT_MAX_BYTES }, head)).toBeNull();
  }
});

it('judges the content, whatever the name says', () => {
  // A Windows executable saved as sign-off.png: the browser would call it image/png.
  expect(attachmentProblem({ size: 128 }, bytes('MZ', 0x90, 0, 3, 0, 0, 0))?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ size: 10 }, bytes('<svg/>'))?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ size: 0 }, bytes())?.title).toBe('Invalid File Type');
  // A truncated signature is not the type.
  expect(attachmentProblem({ size: 4 }, bytes(0x89, 'PNG'))?.title).toBe('Invalid File Type');
});

it('refuses another type first, then anything over 10 MB', () => {
  expect(attachmentProblem({ size: ATTACHMENT_MAX_BYTES + 1 }, bytes('PK', 3, 4))?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ size: ATTACHMENT_MAX_BYTES + 1 }, PNG)?.title).toBe('File Too Large');
});
