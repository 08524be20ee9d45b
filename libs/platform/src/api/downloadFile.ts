/** Saves a response body as a file, named by the server's Content-Disposition when it gives one. */
export async function downloadFile(response: Response, fallbackName: string): Promise<void> {
  saveFile(await response.blob(), fileNameOf(response, fallbackName));
}

export function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
}

/** Hands the browser a file to save as `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
