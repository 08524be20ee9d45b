import type { Knex } from 'knex';

/**
 * The tenant's next pull ticket number, 'PT-000001' onwards. The counter row is bumped in the
 * creating transaction: concurrent creations queue on its row lock, and a rolled-back creation
 * gives its number back, so numbers have no gaps and never repeat.
 */
export async function nextPtNumber(trx: Knex.Transaction, tenantId: string): Promise<string> {
  const { rows } = await trx.raw(
    `INSERT INTO pull_ticket_counters (tenant_id, last_number) VALUES (?, 1)
     ON CONFLICT (tenant_id) DO UPDATE SET last_number = pull_ticket_counters.last_number + 1
     RETURNING last_number`,
    [tenantId],
  );
  return formatPtNumber(Number(rows[0].last_number));
}

export function formatPtNumber(n: number): string {
  return `PT-${String(n).padStart(6, '0')}`;
}
