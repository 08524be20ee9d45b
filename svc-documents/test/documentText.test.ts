import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import { companyInfo, TENANT, UNICODE_CUSTOMER } from './support/fixtures.js';
import { startHarness, type Harness } from './support/harness.js';
import { pdfPages } from './support/pdfText.js';

// What the customer and the vendor read, read back from the real PDFs by poppler (pdftotext,
// pdffonts): every script a name may be in, QuickBooks' description-only lines in their places,
// and the terms by name.
let h: Harness;

beforeAll(async () => {
  h = await startHarness('smtp://127.0.0.1:9');
  await h.bus.publish(createEvent('accounting.company.updated', TENANT, { ...companyInfo, companyName: 'Ωmega Print Brokers Łódź' }));
  await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).companyName).toBe('Ωmega Print Brokers Łódź'));
});

afterAll(() => h.close());

async function pdf(path: string): Promise<Buffer> {
  const response = await h.call(TENANT, path);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Each font of the PDF as pdffonts lists it: name, and whether it is embedded. */
async function fonts(body: Buffer): Promise<Array<{ name: string; embedded: boolean }>> {
  const { stdout } = await promisify(execFile)('pdffonts', ['/dev/stdin'], { encoding: 'utf8' }).catch(async () => {
    // pdffonts reads a file, not a pipe, on some poppler builds.
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(await mkdtemp(join(tmpdir(), 'pdffonts-')), 'doc.pdf');
    await writeFile(file, body);
    return promisify(execFile)('pdffonts', [file], { encoding: 'utf8' });
  });
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      return { name: columns[0]!, embedded: columns.at(-5) === 'yes' };
    });
}

/** The order in which `needles` first appear in `text`, by position. */
const positions = (text: string, needles: string[]) => needles.map((needle) => text.indexOf(needle));

const isAscending = (numbers: number[]) => numbers.every((n, i) => n >= 0 && (i === 0 || n > numbers[i - 1]!));

describe('the documents in every script, with what QuickBooks says besides the items', () => {
  it("prints the sales order's customer in Latin, Greek, Cyrillic and Japanese, its terms by name, and its description-only lines in QuickBooks' order", async () => {
    const body = await pdf('/api/sales-orders/12/pdf');
    const [text] = await pdfPages(body);
    expect(text).toContain(UNICODE_CUSTOMER);
    expect(text).toContain('Ωmega Print Brokers Łódź');
    expect(text).toContain('ul. Piotrkowska 12, 90-001 Łódź');
    expect(text).toContain('Визитки, 16pt');
    expect(text).toMatch(/Terms:\s*Net 15/);
    expect(isAscending(positions(text!, ['Spring campaign — 東京 office', 'QB-100', 'PROOF MUST BE APPROVED BEFORE RUN', 'QB-101']))).toBe(true);
    // Text lines carry no money: the lines' totals still add up to the printed subtotal.
    expect(text).toMatch(/Subtotal\s+\$132\.50/);
  });

  it("prints the pull ticket's customer whole, its bulk PO's terms and the order's description-only lines where the order has them, for the vendor", async () => {
    const body = await pdf('/api/pull-tickets/48/pdf');
    const [text] = await pdfPages(body);
    expect(text).toContain(UNICODE_CUSTOMER);
    expect(text).toMatch(/Terms:\s*Net 30/);
    expect(isAscending(positions(text!, ['Spring campaign — 東京 office', 'QB-100', 'PROOF MUST BE APPROVED BEFORE RUN', 'QB-101']))).toBe(true);
    expect(text).not.toContain('$');
  });

  it("prints the purchase order's vendor e-mail, ship-to, terms and memo from QuickBooks", async () => {
    const body = await pdf('/api/purchase-orders/5/pdf');
    const [text] = await pdfPages(body);
    expect(text).toMatch(/Terms:\s*2% 10 Net 30/);
    expect(text).toContain('Типография Ωmega');
    expect(text).toContain('zakaz@omega.test');
    expect(text).toMatch(/SHIP TO/);
    expect(text).toContain(UNICODE_CUSTOMER);
    expect(text).toContain('Hold at vendor; release against orders — 東京');
  });

  it('embeds every font it uses, subset to the glyphs used, so a document stays small', async () => {
    for (const path of ['/api/sales-orders/12/pdf', '/api/pull-tickets/48/pdf', '/api/purchase-orders/5/pdf', '/api/sales-orders/7/pdf']) {
      const body = await pdf(path);
      const used = await fonts(body);
      expect(used.length).toBeGreaterThan(0);
      for (const font of used) {
        expect(font).toMatchObject({ embedded: true });
        // A subset's name starts with a six-letter tag.
        expect(font.name).toMatch(/^[A-Z]{6}\+/);
      }
      expect(body.length).toBeLessThan(150_000);
    }
  });
});
