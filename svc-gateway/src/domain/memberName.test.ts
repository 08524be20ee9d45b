import { memberName } from './memberName.js';

describe('the name a member is shown by', () => {
  it('is first and last name when the member has them', () => {
    expect(memberName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('is the one name there is when the other is missing', () => {
    expect(memberName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
    expect(memberName({ firstName: '  ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Lovelace');
  });

  it('is the e-mail address when the member has no name', () => {
    expect(memberName({ firstName: null, lastName: '', email: 'ada@example.com' })).toBe('ada@example.com');
  });
});
