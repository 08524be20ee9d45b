import { describe, expect, it } from '@jest/globals';
import { earliestToday, isAttachmentPath, PullTicketCreationSchema, pullTicketUpdateSchema, PullTicketShipmentSchema } from './inventoryPullTickets.js';

describe('pull ticket inputs', () => {
  it('takes today as the date where the day began last, so no zone’s today is refused', () => {
    expect(earliestToday(new Date('2026-03-10T11:59:00Z'))).toBe('2026-03-09');
    expect(earliestToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
    const schema = pullTicketUpdateSchema(() => new Date('2026-03-10T15:00:00Z'));
    expect(schema.parse({ shipByDate: '2026-03-10' }).shipByDate).toBe('2026-03-10');
    expect(schema.parse({ shipByDate: '2026-03-12T00:00:00.000Z' }).shipByDate).toBe('2026-03-12');
    expect(schema.safeParse({ shipByDate: '2026-03-09' }).error?.issues[0]?.message).toBe('Ship-by date cannot be in the past');
    expect(schema.parse({ shipByDate: '' }).shipByDate).toBeNull();
    expect(schema.parse({}).shipByDate).toBeUndefined();
    expect(schema.parse({ shipByDate: '2026-03-12T08:30:00+02:00' }).shipByDate).toBe('2026-03-12');
    for (const shipByDate of ['2026-03-12x', `2026-03-12${'x'.repeat(10_000)}`, '2026-03-12 garbage'])
      expect(schema.safeParse({ shipByDate }).success).toBe(false);
  });

  it('takes an override of the program rules only with a reason, trimmed, on a ticket’s create and edit', () => {
    expect(PullTicketCreationSchema.parse({ override: { reason: '  Trade show  ' } }).override).toEqual({ reason: 'Trade show' });
    expect(pullTicketUpdateSchema().parse({ status: 'pending', override: { reason: 'Samples' } }).override).toEqual({ reason: 'Samples' });
    for (const override of [{ reason: '   ' }, {}, { reason: 'x'.repeat(1001) }, 'because'])
      expect(PullTicketCreationSchema.safeParse({ override }).error?.issues[0]?.path).toEqual(expect.arrayContaining(['override']));
    expect(PullTicketCreationSchema.parse({}).override).toBeUndefined();
  });

  it('refuses an e-mail address longer than 254 characters', () => {
    const long = `${'l'.repeat(250)}@example.com`;
    expect(pullTicketUpdateSchema().safeParse({ vendorEmail: long }).success).toBe(false);
    expect(PullTicketShipmentSchema.safeParse({ customerEmail: long }).success).toBe(false);
  });

  it('accepts only plain paths under /api/attachments/', () => {
    expect(isAttachmentPath('/api/attachments/PT-000001/proof.pdf')).toBe(true);
    expect(isAttachmentPath('/api/attachments/PT-000001/signed%20proof.pdf')).toBe(true);
    for (const path of [
      '/api/attachments/',
      '/api/attachments/../secrets',
      '/api/attachments/a/%2e%2e/b',
      '/api/attachments/a%2Fb',
      '/files/x.pdf',
      'https://evil.test/api/attachments/x',
      '/api/attachments/a//b',
    ]) {
      expect(isAttachmentPath(path)).toBe(false);
    }
  });

  it('needs a customer e-mail only when the notification is sent', () => {
    expect(PullTicketShipmentSchema.parse({ sendEmail: false })).toMatchObject({ sendEmail: false, customerEmail: null });
    expect(PullTicketShipmentSchema.safeParse({}).success).toBe(false);
    expect(PullTicketShipmentSchema.parse({ customerEmail: ' a@b.test ' })).toMatchObject({ sendEmail: true, customerEmail: 'a@b.test' });
  });
});
