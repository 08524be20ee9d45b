import { faults } from '../api/faults.js';

/**
 * Customers and vendors: QBO derives DisplayName from the person or company name when it
 * is omitted, and refuses an entity with no name at all.
 */
export function prepareContact(draft: Record<string, unknown>): void {
  if (typeof draft.DisplayName !== 'string' || draft.DisplayName.trim() === '') {
    const person = [draft.GivenName, draft.FamilyName].filter((part) => typeof part === 'string' && part).join(' ');
    const derived = person || (typeof draft.CompanyName === 'string' ? draft.CompanyName : '');
    if (!derived) throw faults.requiredParam('DisplayName');
    draft.DisplayName = derived;
  }
  draft.Active ??= true;
  draft.PrintOnCheckName ??= draft.DisplayName;
  draft.Balance ??= 0;
}
