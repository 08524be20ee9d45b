import { afterEach, expect, it } from '@jest/globals';
import { lazyComponent } from '@printpool/platform';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { CodeBoundary } from './CodeBoundary.js';

afterEach(cleanup);

/** A dialog's chunk that fails to arrive `failures` times, then arrives; counts the downloads. */
function flakyChunk(failures: number) {
  const chunk = { downloads: 0 };
  const Dialog = lazyComponent(async () => {
    chunk.downloads += 1;
    if (chunk.downloads <= failures) throw new Error('Loading chunk 42 failed');
    return { Dialog: ({ onClose }: { onClose: () => void }) => <button onClick={onClose}>Close the dialog</button> };
  }, 'Dialog');
  return { chunk, Dialog };
}

/** A page with a search the person typed into, and a window whose code loads on first use. */
function Page({ Dialog }: { Dialog: ReturnType<typeof flakyChunk>['Dialog'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <input aria-label="Search" defaultValue="" />
      <button onClick={() => setOpen(true)}>Open</button>
      {open && (
        <CodeBoundary label="Order details" onClose={() => setOpen(false)}>
          <Dialog onClose={() => setOpen(false)} />
        </CodeBoundary>
      )}
    </>
  );
}

// The browser coming back online ends each wait between downloads at once (libs/platform retryingLoad.ts).
const backOnline = () => act(() => void window.dispatchEvent(new Event('online')));

it('fetches a window’s code again after a failed download, and opens it once it arrives', async () => {
  const { chunk, Dialog } = flakyChunk(2);
  render(<Page Dialog={Dialog} />);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  await waitFor(async () => {
    await backOnline();
    expect(screen.getByRole('button', { name: 'Close the dialog' })).toBeTruthy();
  });
  expect(chunk.downloads).toBe(3);
  expect(screen.queryByText('Order details could not be opened')).toBeNull();
});

/** A dialog's chunk on a server that is down until `server.up`; counts the downloads. */
function chunkWhileDown() {
  const server = { up: false, downloads: 0 };
  const Dialog = lazyComponent(async () => {
    server.downloads += 1;
    if (!server.up) throw new Error('Loading chunk 42 failed');
    return { Dialog: ({ onClose }: { onClose: () => void }) => <button onClick={onClose}>Close the dialog</button> };
  }, 'Dialog');
  return { server, Dialog };
}

/** Opens the window after typing a search, and waits until it says its code did not arrive. */
async function openWhileDown(Dialog: ReturnType<typeof chunkWhileDown>['Dialog']) {
  render(<Page Dialog={Dialog} />);
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Atlas envelopes' } });
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  // Each wait between the five downloads ends as the browser comes online; a busy machine needs more than waitFor's default second.
  await waitFor(
    async () => {
      await backOnline();
      expect(screen.getByText('Order details could not be opened')).toBeTruthy();
    },
    { timeout: 10_000 },
  );
  expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Atlas envelopes');
}

it('says only in the window when its code never arrived, keeps what the person typed, and opens by itself once the server is back', async () => {
  const { server, Dialog } = chunkWhileDown();
  await openWhileDown(Dialog);
  const failedDownloads = server.downloads;
  expect(failedDownloads).toBe(5);

  server.up = true;
  await backOnline();
  expect(await screen.findByRole('button', { name: 'Close the dialog' })).toBeTruthy();
  expect(screen.queryByText('Order details could not be opened')).toBeNull();
  expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Atlas envelopes');
});

it('Retry fetches the code again at once', async () => {
  const { server, Dialog } = chunkWhileDown();
  await openWhileDown(Dialog);
  server.up = true;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Close the dialog' })).toBeTruthy();
  expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Atlas envelopes');
});

it('gives focus back to what opened the window once it closes', async () => {
  const { Dialog } = flakyChunk(0);
  render(<Page Dialog={Dialog} />);
  const open = screen.getByRole('button', { name: 'Open' });
  open.focus();
  fireEvent.click(open);
  const close = await screen.findByRole('button', { name: 'Close the dialog' });
  close.focus();
  fireEvent.click(close);
  await waitFor(() => expect(document.activeElement).toBe(open));
});
