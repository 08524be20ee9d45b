/** A stored date or timestamp as en-US month/day/year; '-' when there is none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  // A bare date (the ship-by date) is a calendar day, not midnight UTC shifted into the local zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US');
}
