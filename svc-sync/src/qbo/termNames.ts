import type { TermNames } from '../domain/mapTransactions.js';
import { obj, str, type QboDocument } from '../domain/qboDocument.js';
import type { QboClient } from './qboClient.js';

/** Terms are renamed rarely; a name read this recently is still good. */
const FRESH_MS = 10 * 60_000;

/**
 * The names of a company's payment terms (QuickBooks' Term list), for POs and estimates whose
 * SalesTermRef is an Id alone. Read once per tenant and again when an estimate names a term
 * not seen yet (one made since) or the list has grown old.
 */
export class TermNameList {
  private readonly known = new Map<string, { names: Map<string, string>; readAt: number }>();

  constructor(private readonly client: Pick<QboClient, 'documents'>) {}

  async for(tenantId: string, docs: readonly QboDocument[]): Promise<TermNames> {
    const wanted = new Set<string>();
    for (const doc of docs) {
      const ref = obj(doc.SalesTermRef);
      const id = str(ref?.value);
      if (id && !str(ref?.name)) wanted.add(id);
    }
    const cached = this.known.get(tenantId);
    if (wanted.size === 0) return cached?.names ?? new Map();
    const fresh = cached && Date.now() - cached.readAt < FRESH_MS && [...wanted].every((id) => cached.names.has(id));
    if (fresh) return cached.names;
    const answer = await this.client.documents(tenantId, 'Term', 'SELECT * FROM Term WHERE Active IN (true, false) MAXRESULTS 1000');
    const names = new Map<string, string>();
    for (const term of answer.body) {
      const name = str(term.Name);
      if (name) names.set(term.Id, name);
    }
    this.known.set(tenantId, { names, readAt: Date.now() });
    return names;
  }
}
