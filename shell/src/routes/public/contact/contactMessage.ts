import type { RouteInput } from '@printpool/contracts';

/** What the contact form sends to POST /api/contact, every field as text (libs/contracts contact.ts). */
export type ContactMessage = Required<RouteInput<'post /api/contact'>['body']>;

export const EMPTY_CONTACT_MESSAGE: ContactMessage = {
  name: '',
  email: '',
  company: '',
  phone: '',
  subject: '',
  message: '',
};

/** Trims every field; a field the form never registered counts as empty. */
export function normalizeContactMessage(values: Partial<ContactMessage>): ContactMessage {
  const trimmed = (value: string | undefined) => (value ?? '').trim();
  return {
    name: trimmed(values.name),
    email: trimmed(values.email),
    company: trimmed(values.company),
    phone: trimmed(values.phone),
    subject: trimmed(values.subject),
    message: trimmed(values.message),
  };
}

export function hasRequiredFields({ name, email, message }: ContactMessage): boolean {
  return name !== '' && email !== '' && message !== '';
}
