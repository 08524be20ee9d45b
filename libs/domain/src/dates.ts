/**
 * The dates and times the screens show, all in en-US (docs/product.md §2, §10) and in the
 * reader's time zone. Each takes a stored date ('2025-03-01') or timestamp (ISO 8601) as the API
 * sends it; '-' when there is none, and an unreadable value as it came.
 */

/** '3/1/2025' */
export const formatDate = formatterOf({ year: 'numeric', month: 'numeric', day: 'numeric' });

/** '3/1/2025, 2:30:00 PM' */
export const formatDateTime = formatterOf({ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

/** 'Mar 1, 2025' */
export const formatDay = formatterOf({ year: 'numeric', month: 'short', day: 'numeric' });

/** 'March 1, 2025' */
export const formatLongDay = formatterOf({ year: 'numeric', month: 'long', day: 'numeric' });

/** 'Mar 1, 2025, 2:30 PM' */
export const formatDayTime = formatterOf({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function formatterOf(options: Intl.DateTimeFormatOptions): (value: string | null | undefined) => string {
  const format = new Intl.DateTimeFormat('en-US', options);
  return (value) => {
    if (!value) return '-';
    const date = readDate(value);
    return Number.isNaN(date.getTime()) ? value : format.format(date);
  };
}

/** A bare date (a ship-by date) is a calendar day, not midnight UTC shifted into the local zone. */
function readDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}
