import { notFound } from '@printpool/service-kit';

/** A route's numeric id; anything else names no record, so it answers 404 like another tenant's id. */
export function recordId(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw notFound(what);
  return Number(raw);
}
