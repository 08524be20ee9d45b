export const DEFAULT_BULK_SUFFIX = '-BL';

/**
 * Whether a QuickBooks document number marks a bulk document. A marker ending in '-'
 * (e.g. 'BULK-') is a prefix; any other marker (e.g. '-BL', '-BULK') is a suffix.
 * Matching ignores case and surrounding white space, as brokers type numbers by hand.
 */
export function isBulkDocNumber(docNumber: string | null | undefined, marker: string): boolean {
  const doc = (docNumber ?? '').trim().toUpperCase();
  const mark = marker.trim().toUpperCase();
  if (!doc || !mark) return false;
  if (mark.endsWith('-') && !mark.startsWith('-')) return doc.startsWith(mark) && doc.length > mark.length;
  return doc.endsWith(mark) && doc.length > mark.length;
}
