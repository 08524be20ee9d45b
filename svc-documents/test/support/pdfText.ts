import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of each page of a PDF, read back by poppler's pdftotext (Debian poppler-utils),
 * an independent reader: a PDF it cannot read is a PDF a vendor's viewer may not read either.
 */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const child = run('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  child.child.stdin!.end(pdf);
  const { stdout } = await child;
  return stdout.split('\f').filter((page) => page.trim() !== '');
}
