import { expect, it } from '@jest/globals';
import { ATTACHMENT_MAX_BYTES, attachmentProblem } from './attachment.js';

it('accepts JPEG, PNG, GIF and PDF up to 10 MB', () => {
  for (const type of ['image/jpeg', 'image/png', 'image/gif', 'application/pdf']) {
    expect(attachmentProblem({ type, size: ATTACHMENT_MAX_BYTES })).toBeNull();
  }
});

it('refuses any other type, then anything over 10 MB', () => {
  expect(attachmentProblem({ type: 'image/webp', size: 10 })?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ type: '', size: 10 })?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ type: 'application/zip', size: ATTACHMENT_MAX_BYTES + 1 })?.title).toBe('Invalid File Type');
  expect(attachmentProblem({ type: 'application/pdf', size: ATTACHMENT_MAX_BYTES + 1 })?.title).toBe('File Too Large');
});
