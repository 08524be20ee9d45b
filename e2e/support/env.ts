export const e2ePort = Number(process.env.E2E_PORT ?? 3300);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
/** The distributed launcher runs the QBO sandbox at SERVICE_BASE_PORT + 10. */
export const sandboxURL = `http://127.0.0.1:${e2ePort + 110}`;
/** With SMTP_URL unset, the distributed launcher serves its dev mailbox at SERVICE_BASE_PORT + 20. */
export const mailboxURL = `http://127.0.0.1:${e2ePort + 120}`;
export const sandboxAdminToken = 'e2e-sandbox-admin';

/** The distributed mode against a database of its own, so a run starts from nothing. */
export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/printpool_e2e';

export function e2eEnv(port: number): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    SERVICE_BASE_PORT: String(port + 100),
    DATABASE_URL: e2eDatabaseUrl,
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    AUTH_DEV_LOGIN: 'true',
    // Every test signs in afresh from one address; the limit itself is covered by the gateway's tests.
    SIGN_IN_RATE_LIMIT: '10000',
    CONTACT_RATE_LIMIT: '10000',
    QBO_SANDBOX_ADMIN_TOKEN: sandboxAdminToken,
    // A run starts from nothing in QuickBooks too: the sandbox keeps nothing under DATA_DIR.
    QBO_SANDBOX_DATA_DIR: '',
    LOG_LEVEL: 'warn',
    // Every service holds its answers to its route contracts: one that drifts fails the flow that met it.
    CHECK_ANSWERS: 'true',
    // Empty, so the launcher runs its dev mailbox, which the tests read, even if the shell names a real server.
    SMTP_URL: '',
    // A scheduled catch-up would add sync runs and imports the flows do not expect; svc-sync's tests cover it.
    QBO_CATCH_UP_MINUTES: '0',
    // Stock alerts are looked at every 3 s and a company's digest may go every 3.6 s, so a flow sees its alert's mail (docs/product.md §12);
    // flows that read the mailbox or the communication log look for their own mail by subject (pullTickets.spec.ts).
    ALERT_CHECK_MINUTES: '0.05',
    ALERT_DIGEST_MINUTES: '0.06',
  };
}
