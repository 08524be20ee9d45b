import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createQboSandbox, type QboSandbox } from '../src/index.js';
import type { QboSandboxOptions } from '../src/config.js';

export const CLIENT = { clientId: 'ABtestclient', clientSecret: 'test-secret', redirectUris: ['http://localhost:9999/callback'] };

/*
 * Shapes of the sandbox's JSON answers, as far as the tests read them. They describe the
 * wire format a QuickBooks client sees, in Intuit's names, rather than reuse the sandbox's
 * internal types, so the tests keep checking the sandbox from the outside.
 */

/** Intuit's fault envelope, used for every fault except an authentication failure. */
export interface IntuitFault {
  Fault: {
    Error: { Message: string; Detail?: string; code: string; element?: string }[];
    type: string;
  };
}

/** The 401 for an expired, revoked or unknown token, which Intuit spells in lower case. */
export interface AuthFault {
  fault: {
    error: { message: string; detail: string; code: string }[];
    type: string;
  };
}

export interface Ref {
  value: string;
  name?: string;
}

interface Entity {
  Id: string;
  SyncToken: string;
}

export interface Customer extends Entity {
  DisplayName: string;
  Active: boolean;
  CompanyName?: string;
  PrimaryEmailAddr?: { Address: string };
}

export interface Vendor extends Entity {
  DisplayName: string;
}

export interface Item extends Entity {
  Name: string;
  UnitPrice: number;
}

export interface Line {
  Amount: number;
  DetailType: string;
  SalesItemLineDetail?: { ItemRef: Ref; Qty?: number; UnitPrice?: number };
}

export interface Estimate extends Entity {
  TxnStatus: string;
  TotalAmt: number;
  CustomerRef: Ref;
  Line: Line[];
}

export interface PurchaseOrder extends Entity {
  DocNumber: string;
}

/** The entities the sandbox serves, by the name Intuit gives them in payloads. */
export interface Entities {
  Customer: Customer;
  Vendor: Vendor;
  Item: Item;
  Estimate: Estimate;
  PurchaseOrder: PurchaseOrder;
}

/** A read, create or update answer: the object under its entity name. */
export type EntityResponse<K extends keyof Entities> = { [P in K]: Entities[P] };

/** The marker a delete answers with, and CDC lists for objects deleted since. */
export interface Deleted {
  Id: string;
  status: 'Deleted';
  domain: string;
}

/** A delete answer: the deletion marker under the entity name. */
export type DeleteResponse<K extends keyof Entities> = { [P in K]: Deleted };

export interface CompanyInfoResponse {
  CompanyInfo: { CompanyName: string; LegalName: string; Email: { Address: string } };
}

interface Page {
  startPosition?: number;
  maxResults?: number;
  totalCount?: number;
}

/** An entity's key is absent, not empty, when nothing matches. */
export type QueryResponse = Page & { [K in keyof Entities]?: Entities[K][] };

export interface QueryResult {
  QueryResponse: QueryResponse;
  time: string;
}

/**
 * A CDC list holds changed objects and deletion markers side by side, so every field but
 * Id may be missing from an entry.
 */
export type CdcEntry<E extends Entity> = Partial<E> & { Id: string; status?: Deleted['status'] };

/** One group per requested entity, in the order the request named them. */
export interface CdcResponse {
  CDCResponse: { QueryResponse: (Page & { [K in keyof Entities]?: CdcEntry<Entities[K]>[] })[] }[];
}

/**
 * fetch types a JSON body as unknown; the caller names the shape it expects. Nothing checks
 * it at run time: a body of another shape fails the assertions that read it.
 */
export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface Running {
  sandbox: QboSandbox;
  baseUrl: string;
  realmId: string;
  token: string;
  api: (path: string, init?: RequestInit) => Promise<Response>;
  /** Runs a query; the body is a QueryResult unless the caller expects a fault. */
  query: <T = QueryResult>(text: string) => Promise<{ status: number; body: T }>;
  stop: () => Promise<void>;
}

/** A sandbox on a real port, with a token for its first company. */
export async function startSandbox(options: Partial<QboSandboxOptions> = {}, prefix = ''): Promise<Running> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  const sandbox = createQboSandbox({ baseUrl, clients: [CLIENT], logger: pino({ level: 'silent' }), ...options });
  server.on('request', sandbox.app.callback());
  const realmId = sandbox.admin.companies()[0]!.realmId;
  const token = sandbox.admin.issueTokens(CLIENT.clientId, realmId).access_token;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}/v3/company/${realmId}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'content-type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    });
  const query = async <T = QueryResult>(text: string) => {
    const response = await api(`/query?query=${encodeURIComponent(text)}&minorversion=75`);
    return { status: response.status, body: await readJson<T>(response) };
  };
  return {
    sandbox,
    baseUrl,
    realmId,
    token,
    api,
    query,
    stop: async () => {
      await sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The consent page's form: where it posts, its hidden fields, and the companies offered. */
export function consentForm(html: string): { action: string; fields: Record<string, string>; realms: string[] } {
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]!] = match[2]!;
  const realms = [...html.matchAll(/name="realmId" value="(\d+)"/g)].map((match) => match[1]!);
  return { action, fields, realms };
}
