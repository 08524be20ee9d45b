import { formatAddress } from './address.js';
import { containsPattern } from './containsPattern.js';
import { canApprove, canMarkSent, isShipped } from './pullTicketStatus.js';
import { statusFromEstimate } from './salesOrderStatus.js';

describe('sales order status from the estimate', () => {
  it.each([
    ['Pending', true, 'active'],
    ['Pending', false, 'pending'],
    ['Accepted', true, 'processing'],
    ['Closed', true, 'completed'],
    ['Rejected', true, 'cancelled'],
  ] as const)('%s (allocated %s) is %s', (txn, allocated, status) => {
    expect(statusFromEstimate(txn, allocated)).toBe(status);
  });
});

describe('small rules', () => {
  it('formats an address on one line', () => {
    expect(formatAddress({ line1: '1 Main St', line2: 'Suite 2', city: 'Austin', region: 'TX', postalCode: '78701', country: null })).toBe(
      '1 Main St, Suite 2, Austin, TX 78701',
    );
    expect(formatAddress({ line1: null, line2: null, city: null, region: null, postalCode: null, country: null })).toBeNull();
    expect(
      formatAddress({
        line1: 'Jane Roe',
        line2: 'Harbor Dental',
        line3: '12 Dock Rd',
        line4: 'Austin, TX 78701',
        line5: null,
        city: null,
        region: null,
        postalCode: null,
        country: null,
      }),
    ).toBe('Jane Roe, Harbor Dental, 12 Dock Rd, Austin, TX 78701');
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
  });

  it('knows which statuses can be marked sent, approved, or only re-notified', () => {
    expect(isShipped('delivered')).toBe(true);
    expect(canMarkSent('shipped')).toBe(false);
    expect(canApprove('sent')).toBe(true);
    expect(canApprove('pending')).toBe(false);
  });
});
