import { z } from 'zod';

export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Contact form (docs/product.md §5): Name, Email and Message required; Company, Phone, Subject optional. */
export const ContactMessageInputSchema = z
  .object({
    name: required('Name', 200),
    email: required('Email', 254).pipe(z.email('Enter a valid email address')),
    company: optionalText('Company', 200),
    phone: optionalText('Phone', 50),
    subject: optionalText('Subject', 200),
    message: required('Message', CONTACT_MESSAGE_MAX_LENGTH),
  })
  .meta({ id: 'ContactMessageInput' });

export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;
