import { z } from 'zod';
import { IF_MATCH_HEADER } from './versionedWrite.js';

/** A write's If-Match: the version the record was read at, as its ETag or `version` gave it (quoted or not). */
export const IfMatchHeadersSchema = z.object({
  [IF_MATCH_HEADER]: z
    .string({ error: 'send the version the record was read at (its ETag)' })
    .trim()
    .regex(/^(W\/)?"?[A-Za-z0-9_-]{1,64}"?$/, 'must be the version the record was read at (its ETag)')
    .transform((value) => value.replace(/^W\//, '').replaceAll('"', ''))
    .meta({ description: 'The version the record was read at: a write based on an older one is refused with 409 VERSION_CONFLICT' }),
});

/** The `version` of an editable record: changes whenever what its edit form shows changes. */
export const VersionSchema = z.string().meta({ description: 'The version of what its edit form shows; send it back in If-Match' });
