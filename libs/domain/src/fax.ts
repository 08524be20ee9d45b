export const FAX_MAX_DIGITS = 10;
export const FAX_MAX_LENGTH = 14;

/** Formats what a user types into '(NNN) NNN-NNNN', keeping at most 10 digits. */
export function formatFaxNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, FAX_MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored fax number is empty or exactly ten digits in the display format. */
export function isValidFaxNumber(value: string): boolean {
  return value === '' || /^\(\d{3}\) \d{3}-\d{4}$/.test(value);
}
