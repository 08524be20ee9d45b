/** A company the sandbox generated (its admin API, infra/qbo-sandbox/README.md). */
export interface SandboxCompany {
  realmId: string;
  companyName: string;
  counts: Record<string, number>;
}

/** The launcher's OAuth client in the sandbox (infra/launch/src/localQbo.ts). */
const LOCAL_CLIENT_ID = 'printpool-local';

/**
 * The QuickBooks side of the bench, as a bookkeeper and Intuit act on it: the sandbox's admin
 * API (companies, changes made as a QBO user, which it announces by webhook) and its Accounting
 * API for reading what a company holds.
 */
export class SandboxAdmin {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  private async admin<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}/admin${pathname}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`sandbox ${method} /admin${pathname} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  createCompany(seed: number, scale: number, companyName: string): Promise<SandboxCompany> {
    return this.admin('POST', '/companies', { seed, scale, companyName });
  }

  /** A sparse update as a QBO user makes it: the sandbox bumps SyncToken and queues its webhook. */
  async change(realmId: string, entity: string, id: string, fields: Record<string, unknown>): Promise<void> {
    await this.admin('PATCH', `/companies/${realmId}/${entity}/${id}`, fields);
  }

  /** Sends the notifications the sandbox holds now, instead of at the end of its one-second batch. */
  async flushWebhooks(): Promise<void> {
    await this.admin('POST', '/webhooks/flush');
  }

  /** Every `entity` of the company matching `where` (at most 1000), read as any QBO client reads them. */
  async query<T>(realmId: string, entity: string, where: string): Promise<T[]> {
    const { access_token: accessToken } = await this.admin<{ access_token: string }>('POST', '/tokens', { clientId: LOCAL_CLIENT_ID, realmId });
    const query = encodeURIComponent(`SELECT * FROM ${entity} WHERE ${where} MAXRESULTS 1000`);
    const response = await fetch(`${this.url}/v3/company/${realmId}/query?query=${query}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`sandbox query of ${entity} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { QueryResponse: Record<string, T[]> }).QueryResponse[entity] ?? [];
  }
}
