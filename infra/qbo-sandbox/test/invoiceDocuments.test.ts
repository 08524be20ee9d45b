import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readJson, startSandbox, type IntuitFault, type Running } from './support.js';

type Obj = Record<string, unknown>;
type Line = Obj & { DetailType: string; Amount: number };
type Invoice = Obj & {
  Id: string;
  SyncToken: string;
  DocNumber?: string;
  DueDate: string;
  TotalAmt: number;
  Balance: number;
  Line: Line[];
  BillEmail?: { Address: string };
};

const run = promisify(execFile);
/** poppler's pdftotext: a reader independent of the sandbox's PDF writer. */
async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' });
  child.child.stdin!.end(pdf);
  return (await child).stdout.replace(/ {2,}/g, ' ');
}
const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Intuit prints and e-mails invoices as it does estimates: GET /invoice/{id}/pdf, POST /invoice/{id}/send?sendTo=. */
describe('invoice PDF and send', () => {
  let running: Running;
  let invoice: Invoice;

  beforeAll(async () => {
    running = await startSandbox({ scale: 1 });
    // An invoice made the way a broker makes one: "Create invoice" on an estimate with a bundle.
    const { body } = await running.query<{ QueryResponse: { Estimate: (Obj & { Id: string; Line: Line[] })[] } }>(
      "select * from Estimate where TxnStatus = 'Pending' maxresults 1000",
    );
    const estimate = body.QueryResponse.Estimate.find((doc) => doc.Line.some((line) => line.DetailType === 'GroupLineDetail'))!;
    const converted = await fetch(`${running.baseUrl}/admin/companies/${running.realmId}/estimates/${estimate.Id}/convert`, { method: 'POST' });
    expect(converted.status).toBe(201);
    invoice = (await readJson<{ Invoice: Invoice }>(converted)).Invoice;
  });
  afterAll(() => running.stop());

  it('answers GET /invoice/{id}/pdf with a PDF of the invoice: number, due date, lines, bundle, total and balance due', async () => {
    const response = await running.api(`/invoice/${invoice.Id}/pdf`, { headers: { accept: 'application/pdf' } });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('INVOICE');
    expect(text).toContain(`Invoice # ${invoice.DocNumber ?? ''}`);
    expect(text).toContain(`Due ${invoice.DueDate}`);
    expect(text).toContain(`Total (USD) ${money(invoice.TotalAmt)}`);
    expect(text).toContain(`Balance due (USD) ${money(invoice.Balance)}`);
    const group = invoice.Line.find((line) => line.DetailType === 'GroupLineDetail')!;
    const bundle = group.GroupLineDetail as {
      GroupItemRef: { name: string };
      Line: { SalesItemLineDetail: { ItemRef: { name: string }; UnitPrice: number } }[];
    };
    expect(text).toContain(bundle.GroupItemRef.name);
    for (const component of bundle.Line) expect(text).toContain(component.SalesItemLineDetail.ItemRef.name);
  });

  it('answers 610 Object Not Found for an invoice that does not exist', async () => {
    const missing = await running.api('/invoice/999999/pdf');
    expect(missing.status).toBe(400);
    expect((await readJson<IntuitFault>(missing)).Fault.Error[0]!.code).toBe('610');
    const unsent = await running.api('/invoice/999999/send', { method: 'POST' });
    expect((await readJson<IntuitFault>(unsent)).Fault.Error[0]!.code).toBe('610');
  });

  it('sends the invoice with POST /invoice/{id}/send?sendTo=: EmailSent, DeliveryInfo, the new BillEmail, a new SyncToken', async () => {
    const sent = (
      await readJson<{ Invoice: Invoice }>(
        await running.api(`/invoice/${invoice.Id}/send?sendTo=${encodeURIComponent('ap@buyer.example')}`, { method: 'POST' }),
      )
    ).Invoice;
    expect(sent).toMatchObject({
      Id: invoice.Id,
      EmailStatus: 'EmailSent',
      BillEmail: { Address: 'ap@buyer.example' },
      DeliveryInfo: { DeliveryType: 'Email', DeliveryTime: expect.any(String) },
    });
    expect(Number(sent.SyncToken)).toBe(Number(invoice.SyncToken) + 1);
    // Without sendTo it goes to the BillEmail on file.
    const again = (await readJson<{ Invoice: Invoice }>(await running.api(`/invoice/${invoice.Id}/send`, { method: 'POST' }))).Invoice;
    expect(again).toMatchObject({ BillEmail: { Address: 'ap@buyer.example' }, EmailStatus: 'EmailSent' });
    expect(Number(again.SyncToken)).toBe(Number(sent.SyncToken) + 1);
    expect((await readJson<{ Invoice: Invoice }>(await running.api(`/invoice/${invoice.Id}`))).Invoice).toMatchObject({
      SyncToken: again.SyncToken,
      EmailStatus: 'EmailSent',
    });
  });

  it('refuses an address that is not one, and answers a repeated requestid with the first answer', async () => {
    const bad = await running.api(`/invoice/${invoice.Id}/send?sendTo=not-an-address`, { method: 'POST' });
    expect(bad.status).toBe(400);
    expect((await readJson<IntuitFault>(bad)).Fault.Error[0]).toMatchObject({ code: '6000', element: 'sendTo' });
    const send = () => running.api(`/invoice/${invoice.Id}/send?sendTo=${encodeURIComponent('ap@buyer.example')}&requestid=invoice-send-1`, { method: 'POST' });
    const first = (await readJson<{ Invoice: Invoice }>(await send())).Invoice;
    const repeat = (await readJson<{ Invoice: Invoice }>(await send())).Invoice;
    expect(repeat.SyncToken).toBe(first.SyncToken);
  });
});
