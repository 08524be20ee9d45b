import type { Knex } from 'knex';

const names = new Map<string, string>();

/**
 * `knex.raw(text, values)`, values by position (`?`) or by name (`:name`), as a named prepared
 * statement: PostgreSQL parses it once per connection instead of on every call, and keeps a
 * generic plan when that is estimated to be no dearer than planning afresh (plan_cache_mode auto). For the list and dashboard statements
 * parsing and planning cost about as much as running them (bench/api/RESULTS.md).
 *
 * The name stands for the exact text, so `text` must come from code only, with every value
 * bound: text built from input would prepare a statement per distinct input on every
 * connection. PGlite ignores the name and parses every time.
 */
export function preparedStatement(knex: Knex | Knex.Transaction, text: string, values: readonly Knex.Value[] | Record<string, unknown>): Knex.Raw {
  let name = names.get(text);
  if (!name) {
    name = `pp_${names.size + 1}`;
    names.set(text, name);
  }
  // One call, written twice: each branch meets one of Knex's overloads, which a union meets neither of.
  const raw = isPositional(values) ? knex.raw(text, values) : knex.raw(text, values);
  return raw.options({ name });
}

function isPositional(values: readonly Knex.Value[] | Record<string, unknown>): values is readonly Knex.Value[] {
  return Array.isArray(values);
}
