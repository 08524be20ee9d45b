/**
 * The floor a sync's cost is measured against: a client that only downloads what a full sync
 * downloads (every page of the five entities, as svc-sync asks for them, as many at once) and
 * parses each answer, storing nothing. Its CPU is what the data costs to receive.
 */
const ENTITIES = [
  ['Customer', 'WHERE Active IN (true, false)'],
  ['Vendor', 'WHERE Active IN (true, false)'],
  ['Item', 'WHERE Active IN (true, false)'],
  ['PurchaseOrder', ''],
  ['Estimate', ''],
] as const;
const PAGE = 1000;

/** What a client does with each page it received; the bare client nothing. */
export type PageSink = (entity: string, documents: unknown[]) => Promise<void>;

export async function downloadEverything(
  apiBase: string,
  realmId: string,
  accessToken: string,
  concurrency: number,
  sink: PageSink = async () => {},
): Promise<number> {
  const query = async (statement: string) => {
    const response = await fetch(`${apiBase}/v3/company/${realmId}/query?minorversion=75`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'content-type': 'application/text' },
      body: statement,
    });
    if (!response.ok) throw new Error(`bare client: ${response.status} for ${statement}`);
    return (await response.json()) as { QueryResponse: Record<string, unknown> & { totalCount?: number } };
  };
  const pages: Array<() => Promise<number>> = [];
  for (const [entity, where] of ENTITIES) {
    const total = Number((await query(`SELECT count(*) FROM ${entity} ${where}`.trim())).QueryResponse.totalCount ?? 0);
    for (let start = 1; start <= total; start += PAGE) {
      pages.push(async () => {
        const documents = (await query(`SELECT * FROM ${entity} ${where} ORDERBY Id STARTPOSITION ${start} MAXRESULTS ${PAGE}`)).QueryResponse[
          entity
        ] as unknown[];
        await sink(entity, documents);
        return documents.length;
      });
    }
  }
  let received = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < pages.length) {
        const page = await pages[next++]!();
        received += page;
      }
    }),
  );
  return received;
}
