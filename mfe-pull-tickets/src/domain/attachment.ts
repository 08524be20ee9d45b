/** spec §9: what an approval may carry. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The file chooser offers the same types the check accepts. */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.gif,.pdf';

export interface AttachmentProblem {
  title: 'Invalid File Type' | 'File Too Large';
  description: string;
}

/** Why a chosen file cannot be attached, or null when it can; checked before any upload. */
export function attachmentProblem(file: Pick<File, 'type' | 'size'>): AttachmentProblem | null {
  if (!ATTACHMENT_TYPES.includes(file.type)) {
    return { title: 'Invalid File Type', description: 'Please choose a JPEG, PNG, GIF or PDF file.' };
  }
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return { title: 'File Too Large', description: 'Please choose a file of 10 MB or less.' };
  }
  return null;
}
