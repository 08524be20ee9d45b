import { Model, snakeCaseMappers } from 'objection';

/** Columns are snake_case in Postgres and camelCase in code. Queries always pass the knex or transaction to use. */
export class BaseModel extends Model {
  static override get columnNameMappers() {
    return snakeCaseMappers();
  }
}
