import { apiRequest } from '../api/apiRequest.js';
import { fileNameOf, saveFile } from '../api/downloadFile.js';
import { listSelectionParams, type ListPageQuery } from './listPage.js';

const NEWLINE = 0x0a;

/**
 * Downloads every row a list's search and filters select as the service streams them
 * (`<path>/export.csv`), telling `onRows` how many have arrived as they come (one per line, so a
 * cell holding a line break counts twice until the end), and saves the file. Answers the rows.
 */
export async function exportListCsv(path: string, query: Pick<ListPageQuery, 'search' | 'filters'>, onRows: (rows: number) => void): Promise<number> {
  const params = listSelectionParams(query);
  const response = await apiRequest('GET', `${path}/export.csv${params.size ? `?${params}` : ''}`);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    onRows(Math.max(lines - 1, 0));
  }
  const file = new Blob(chunks, { type: 'text/csv' });
  saveFile(file, fileNameOf(response, `${path.split('/').pop()}.csv`));
  return Math.max(lines - 1, 0);
}
