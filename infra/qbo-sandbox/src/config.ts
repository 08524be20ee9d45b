import type { Logger } from 'pino';
import type { RecordedEntities } from './seed/recorded.js';

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Exact-match list, as on the app's Keys tab at Intuit. */
  redirectUris: string[];
  /**
   * The app's webhook subscription (endpoint, verifier token, payload format), as on its
   * Webhooks tab at Intuit. The first client falls back to the sandbox-wide `webhook`.
   */
  webhook?: WebhookConfig;
}

export interface CompanySpec {
  seed: number;
  scale?: number;
  companyName?: string;
  realmId?: string;
  /** Real-world mess in a generated company (default on); see `generateCompany`. */
  messy?: boolean;
  /**
   * The moment a generated company's history is made as of (epoch ms; default: when it is
   * created). Its documents' dates count back from it, so two companies of one seed and scale
   * are the very same, dates included, only when made as of the same moment.
   */
  asOf?: number;
  /**
   * Objects as QuickBooks answered them (`loadRecordedEntities()` reads `fixtures/intuit`): the
   * company holds exactly these, loaded unchanged, instead of generated ones.
   */
  records?: RecordedEntities;
}

export interface SandboxLimits {
  /** Intuit throttles the Accounting API at 500 requests per minute per realm. */
  requestsPerMinute: number;
  /** …and at 10 requests in flight per realm. */
  concurrentRequests: number;
}

/**
 * Intuit's two webhook bodies: `cloudevents`, a JSON array of CloudEvents 1.0 events
 * (`qbo.<entity>.<operation>.v1`), which every app receives since 2026, and `legacy`, the
 * `{"eventNotifications":[…]}` body apps could keep until they switched on the Webhooks tab.
 */
export type WebhookFormat = 'legacy' | 'cloudevents';

export interface WebhookConfig {
  url: string;
  verifierToken: string;
  /** Default `cloudevents`, what a new app at Intuit gets. */
  format?: WebhookFormat;
  /** How long changes collect before one notification per realm is sent. */
  batchMs?: number;
  /** Delays before each retry of a failed delivery. */
  retryDelaysMs?: number[];
}

export interface QboSandboxOptions {
  /** Public URL of the sandbox, path prefix included (`http://localhost:3000/qbo-sandbox`). */
  baseUrl: string;
  clients: OAuthClientConfig[];
  /** Seed of the default demo companies (default 1). */
  seed?: number;
  /** Size of the default demo companies: 1 ≈ 200 entities each. */
  scale?: number;
  /** Companies to create instead of the two demo ones. */
  companies?: CompanySpec[];
  /** The moment the companies without an `asOf` of their own are made as of (CompanySpec.asOf). */
  companiesAsOf?: number;
  /** The first client's webhook, unless that client sets its own. */
  webhook?: WebhookConfig;
  limits?: Partial<SandboxLimits>;
  /** Access-token lifetime in seconds (Intuit: 3600). */
  accessTokenTtlS?: number;
  /** Bearer token the admin API requires; without one the admin API is open (local use only). */
  adminToken?: string;
  /**
   * Where the companies, their changes and the tokens given are kept (store/persistence.ts), so a
   * restart keeps them; without one the sandbox holds everything in memory and writes nothing.
   */
  dataDir?: string;
  logger: Logger;
}

export const DEFAULT_LIMITS: SandboxLimits = { requestsPerMinute: 500, concurrentRequests: 10 };

export function demoCompanies(seed: number, scale: number): CompanySpec[] {
  return [
    { seed, scale, companyName: 'Northwind Print Brokers' },
    { seed: seed + 1, scale, companyName: 'Harbor Print Partners' },
  ];
}
