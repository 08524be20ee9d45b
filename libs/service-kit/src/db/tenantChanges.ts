import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger.js';

/**
 * One channel for every schema; the payload is `<schema> <tenantId>`. A channel per schema would
 * not fit PostgreSQL's 63-byte channel names for every schema name a service may be given.
 */
export const TENANT_CHANGES_CHANNEL = 'printpool_tenant_changes';

/**
 * Migration step: statement triggers on `tables` (each with a `tenant_id` column) that announce,
 * when the transaction commits, which tenants' rows it changed. PostgreSQL delivers a NOTIFY only
 * after its transaction commits and folds repeats within one transaction into one, so a listener
 * hears of every committed change once per transaction and tenant, and of nothing rolled back.
 */
export async function announceTenantChanges(knex: Knex, tables: readonly string[]): Promise<void> {
  // plpgsql plans a statement when it first runs it, so each branch names only the transition tables its event has.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION announce_tenant_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM pg_notify('${TENANT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' ' || tenant_id) FROM (SELECT DISTINCT tenant_id FROM added_rows) changed;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('${TENANT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' ' || tenant_id) FROM (SELECT DISTINCT tenant_id FROM removed_rows) changed;
      ELSE
        PERFORM pg_notify('${TENANT_CHANGES_CHANNEL}', TG_TABLE_SCHEMA || ' ' || tenant_id)
        FROM (SELECT tenant_id FROM added_rows UNION SELECT tenant_id FROM removed_rows) changed;
      END IF;
      RETURN NULL;
    END $$`);
  for (const table of tables) {
    // A trigger with transition tables may serve only one event.
    await knex.raw('CREATE TRIGGER ?? AFTER INSERT ON ?? REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()', [
      `${table}_announce_added`,
      table,
    ]);
    await knex.raw('CREATE TRIGGER ?? AFTER DELETE ON ?? REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()', [
      `${table}_announce_removed`,
      table,
    ]);
    await knex.raw(
      'CREATE TRIGGER ?? AFTER UPDATE ON ?? REFERENCING OLD TABLE AS removed_rows NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_changes()',
      [`${table}_announce_changed`, table],
    );
  }
}

export interface TenantChangeListener {
  /** A committed change touched this tenant's rows. */
  changed(tenantId: string): void;
  /** From now on every committed change reaches `changed`. */
  following(): void;
  /** The connection is gone: changes may go unheard until `following` is called again. */
  lost(): void;
}

export interface TenantChangeFeed {
  stop(): Promise<void>;
}

const RECONNECT_MS = [250, 1000, 5000];
/** A connection can die without a word (a dropped route); a query this often proves it alive. */
const CHECK_EVERY_MS = 15_000;

/**
 * Follows the changes announced for `schema` (see `announceTenantChanges`) on a connection of its
 * own, reconnecting when it drops. Embedded PGlite has no second connection to listen on, so
 * there the feed never reports `following`.
 */
export function followTenantChanges(options: { url: string | undefined; schema: string; logger: Logger; listener: TenantChangeListener }): TenantChangeFeed {
  const { url, schema, logger, listener } = options;
  if (!url) return { stop: async () => undefined };
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  const prefix = `${schema} `;

  const drop = async (connection: pg.Client, reason: unknown): Promise<void> => {
    if (client !== connection) return;
    client = undefined;
    clearInterval(check);
    listener.lost();
    if (!stopped) {
      logger.warn({ err: reason }, 'change feed lost; cached reads are off until it is back');
      retry = setTimeout(connect, RECONNECT_MS[Math.min(failures++, RECONNECT_MS.length - 1)]);
    }
    await connection.end().catch(() => undefined);
  };

  const connect = async () => {
    const connection = new pg.Client({ connectionString: url, keepAlive: true, application_name: `${schema} change feed` });
    client = connection;
    connection.on('error', (err) => void drop(connection, err));
    connection.on('end', () => void drop(connection, new Error('connection ended')));
    connection.on('notification', ({ channel, payload }) => {
      if (channel === TENANT_CHANGES_CHANNEL && payload?.startsWith(prefix)) listener.changed(payload.slice(prefix.length));
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${TENANT_CHANGES_CHANNEL}`);
    } catch (err) {
      return drop(connection, err);
    }
    if (client !== connection || stopped) return;
    failures = 0;
    check = setInterval(() => connection.query('SELECT 1').catch((err) => drop(connection, err)), CHECK_EVERY_MS);
    check.unref();
    listener.following();
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (client) await drop(client, undefined);
    },
  };
}
