import { describe, expect, it } from '@jest/globals';
import { EmailPullTicketInputSchema as EmailPullTicketInput, ShipmentNotificationInputSchema as ShipmentNotificationInput } from './documents.js';

describe('e-mail inputs', () => {
  it('refuses an address longer than 254 characters before anything is sent or logged', () => {
    const long = `${'l'.repeat(250)}@example.com`;
    expect(EmailPullTicketInput.safeParse({ emailAddress: long }).success).toBe(false);
    expect(ShipmentNotificationInput.safeParse({ pullTicketId: '1', customerEmail: long }).success).toBe(false);
    expect(EmailPullTicketInput.parse({ emailAddress: ' vendor@example.com ' }).emailAddress).toBe('vendor@example.com');
  });
});
