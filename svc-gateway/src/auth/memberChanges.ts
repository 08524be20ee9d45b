import { followTenantChanges, type Logger, type TenantChangeListener } from '@printpool/service-kit';

export interface MemberChanges {
  /**
   * Runs a change to a company's members (a removal, a role) and answers once this gateway's
   * sessions reflect it and its change feed has carried it: PostgreSQL hands the notification to
   * every listening replica at the same commit, so by the time the owner sees it done the others
   * have heard of it too, or will within milliseconds.
   */
  change<T>(tenantId: string, run: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/** How long a change waits for the feed to carry it; past that, the answer goes (the feed is lagging or down). */
const HEARD_WITHIN_MS = 2_000;

/**
 * Follows the gateway schema's announced changes (db/invitationsMigration.ts) for `sessions`, the
 * session cache. An embedded database has no second connection to listen on, and one process:
 * this one, which then tells the cache of its changes itself.
 */
export function followMemberChanges(options: {
  url: string | undefined;
  schema: string;
  logger: Logger;
  sessions: TenantChangeListener;
  /** Told of each change after the sessions: what else holds a session (live streams) looks again. */
  onChange?: (tenantId: string) => void;
}): MemberChanges {
  const { sessions, onChange } = options;
  const heard = new Map<string, number>();
  const waiting = new Set<{ tenantId: string; since: number; done: () => void }>();
  const count = (tenantId: string) => heard.get(tenantId) ?? 0;

  const listener: TenantChangeListener = {
    changed(tenantId) {
      sessions.changed(tenantId);
      onChange?.(tenantId);
      heard.set(tenantId, count(tenantId) + 1);
      for (const waiter of waiting) if (waiter.tenantId === tenantId && count(tenantId) > waiter.since) waiter.done();
    },
    following: () => sessions.following(),
    lost: () => sessions.lost(),
  };

  const feed = options.url ? followTenantChanges({ url: options.url, schema: options.schema, logger: options.logger, listener }) : undefined;
  if (!feed) sessions.following();

  const carried = (tenantId: string, since: number) =>
    new Promise<void>((resolve) => {
      const waiter = { tenantId, since, done: () => finish() };
      const timer = setTimeout(() => finish(), HEARD_WITHIN_MS);
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(waiter);
        resolve();
      };
      waiting.add(waiter);
      if (count(tenantId) > since) finish();
    });

  return {
    async change(tenantId, run) {
      const since = count(tenantId);
      const result = await run();
      sessions.changed(tenantId);
      onChange?.(tenantId);
      // Also while this replica's own feed is (re)connecting: the others' may be following.
      if (feed) await carried(tenantId, since);
      return result;
    },
    async stop() {
      for (const waiter of waiting) waiter.done();
      await feed?.stop();
    },
  };
}
