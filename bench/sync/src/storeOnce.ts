import pg from 'pg';
import type { PageSink } from './bareClient.js';

/**
 * The least any sync that keeps the data in PostgreSQL pays on top of receiving it: each
 * document stored once, as the JSON it came as, in a table with no index, key or constraint,
 * a page per statement (the bench's database, bareClient.ts's pages). A sync also keeps the
 * documents' events until they are published, and svc-inventory's tables with their indexes,
 * so its CPU over the bare client's cannot come near this floor's.
 */
export async function storeOnceSink(databaseUrl: string, concurrency: number): Promise<{ sink: PageSink; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency });
  await pool.query('CREATE TABLE store_once (entity text, qb_id text, doc json)');
  return {
    sink: async (entity, documents) => {
      await pool.query(`INSERT INTO store_once SELECT $1, x.id, x.doc FROM json_to_recordset($2::json) AS x(id text, doc json)`, [
        entity,
        JSON.stringify(documents.map((doc) => ({ id: String((doc as { Id: unknown }).Id), doc }))),
      ]);
    },
    close: async () => {
      await pool.query('DROP TABLE store_once');
      await pool.end();
    },
  };
}
