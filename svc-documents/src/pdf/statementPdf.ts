import type { CustomerStatement, CustomerStatementItem, StatementProgram } from '@printpool/contracts';
import type { TenantProfile } from '../db/tenantProfiles.js';
import { formatDate, formatQuantity } from '../domain/format.js';
import { drawFields, drawLetterhead, drawParagraph } from './blocks.js';
import { renderPdf } from './document.js';
import { drawTable, type Column } from './table.js';

// One line a header: the table's header row does not wrap. What each means is told under the table.
const SUMMARY_COLUMNS: Column[] = [
  { header: 'Item', weight: 2.2 },
  { header: 'At Vendors', weight: 1.2, align: 'right' },
  { header: 'On Order', weight: 1.2, align: 'right' },
  { header: 'Remaining', weight: 1.2, align: 'right' },
  { header: 'Released', weight: 1.2, align: 'right' },
  { header: 'Supply (Mo.)', weight: 1.3, align: 'right' },
  { header: 'Programs End', weight: 2.3 },
];

const RELEASE_COLUMNS: Column[] = [
  { header: 'Date Shipped', weight: 1.5 },
  { header: 'Pull Ticket', weight: 1.5 },
  { header: 'Quantity', weight: 1.2, align: 'right' },
];

/** 'Oct 1, 2026 – Oct 31, 2026' */
export const statementPeriodText = ({ from, to }: { from: string; to: string }) => `${formatDate(from)} – ${formatDate(to)}`;

const itemName = (item: CustomerStatementItem) => item.itemName ?? `Item ${item.itemId}`;

/** Each program's last day, one a line; one that has ended says so. */
const programEnds = (programs: readonly StatementProgram[]) =>
  programs.length === 0 ? '-' : programs.map((program) => `${formatDate(program.expiresOn)}${program.daysLeft < 0 ? ' (ended)' : ''}`).join('\n');

const EXPLANATION = [
  'At Vendors: units held for you at our vendors on the day of this statement. On Order: of these, units held for your open orders. Remaining: the rest, free to order.',
  'Released: units released to you in the period, each release listed by the day it shipped and its pull ticket.',
  'Supply (Mo.): months of supply, how long what is held lasts at your average monthly use over the last 12 months.',
  'Programs End: the last day units are held under each program holding the item; order what you need before it.',
].join('\n');

/**
 * A customer's stock statement (docs/product.md §12): the broker's letterhead, then per item what
 * is held for the customer now, what was released to them in the period (each shipped pull
 * ticket), what remains, how long it lasts and when the programs holding it end. It is read
 * only from the statement svc-inventory answers, which carries no vendor, PO, cost or price.
 */
export function renderStatementPdf(statement: CustomerStatement, profile: TenantProfile): Promise<Buffer> {
  const title = `Stock Statement ${statement.customerName}`;
  return renderPdf(title, (doc) => {
    drawLetterhead(doc, profile, 'STOCK STATEMENT');
    drawFields(doc, [
      ['Customer', statement.customerName],
      ['Period', statementPeriodText(statement)],
      ['Stock as of', formatDate(statement.asOf)],
      ['Items', formatQuantity(statement.items.length)],
    ]);
    if (statement.items.length === 0) {
      drawParagraph(doc, 'Nothing to report', `We hold no stock for ${statement.customerName}, and nothing was released to you in this period.`);
      return;
    }
    drawTable(
      doc,
      SUMMARY_COLUMNS,
      statement.items.map((item) => [
        itemName(item),
        formatQuantity(item.atVendor),
        formatQuantity(item.allocated),
        formatQuantity(item.remaining),
        formatQuantity(item.releasedInPeriod),
        item.monthsOfSupply === null ? '-' : item.monthsOfSupply.toFixed(1),
        programEnds(item.programs),
      ]),
      `${title} (continued)`,
    );
    for (const item of statement.items) {
      drawParagraph(
        doc,
        `${itemName(item)}: released in the period`,
        item.releases.length === 0
          ? 'No releases in this period.'
          : `${formatQuantity(item.releasedInPeriod)} units in ${item.releases.length === 1 ? 'one release' : `${formatQuantity(item.releases.length)} releases`}.`,
      );
      if (item.releases.length > 0)
        drawTable(
          doc,
          RELEASE_COLUMNS,
          item.releases.map((release) => [formatDate(release.shippedOn), release.ptNumber, formatQuantity(release.quantity)]),
          `${itemName(item)}: released in the period (continued)`,
        );
    }
    drawParagraph(doc, 'What the figures mean', EXPLANATION);
  });
}
