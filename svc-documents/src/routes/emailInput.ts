import { z } from 'zod';

export const EMAIL_REQUIRED = 'Email Required: Please enter an email address';

/** A required, valid address; every failure names its message in docs/product.md §5. */
const requiredEmail = z.string({ error: EMAIL_REQUIRED }).trim().max(254, 'Email address must be at most 254 characters').pipe(z.email({ error: EMAIL_REQUIRED }));
const optionalText = (max: number) => z.string().max(max).nullish().transform((v) => v ?? undefined);

export const EmailPullTicketInput = z.object({ emailAddress: requiredEmail, subject: optionalText(300), message: optionalText(20_000) });

export const SendEstimateInput = z.object({ subject: optionalText(300), message: optionalText(20_000) });

export const ShipmentNotificationInput = z.object({
  pullTicketId: z.union([z.string().min(1), z.number().int()]).transform(String),
  customerEmail: requiredEmail,
  subject: optionalText(300),
  body: optionalText(20_000),
  // How the goods left and what left: svc-inventory's notifyShipment.ts sends them as the ticket recorded them.
  carrier: optionalText(100),
  trackingNumber: optionalText(100),
  items: z
    .array(z.object({ name: z.string().max(500).nullish(), sku: z.string().max(200).nullish(), description: z.string().max(4000).nullish(), quantity: z.number().finite() }))
    .max(5000)
    .default([]),
});
export type ShipmentNotification = z.output<typeof ShipmentNotificationInput>;
