import type { Locator } from '@playwright/test';

/**
 * The cell of a row under the named column header, so a test reads a list as a person does
 * (by the heading above the number) and keeps working when a column is added beside it.
 */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" in ${headers.join(', ')}`);
  return row.getByRole('cell').nth(index);
}
