import type { Knex } from 'knex';

/** SQL text with `?` placeholders and the values they stand for, in order. */
export interface SqlPart {
  text: string;
  values: readonly Knex.Value[];
}

export function sqlPart(text: string, ...values: Knex.Value[]): SqlPart {
  return { text, values };
}
