/** What a cell or field shows for a missing text value. */
export function orDash(value: string | null | undefined): string {
  return value ?? '-';
}
