import { afterEach, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MenuButton } from './MenuButton.js';

afterEach(cleanup);

const KEY_CODES: Record<string, number> = { Enter: 13, ' ': 32, Escape: 27, ArrowUp: 38, ArrowDown: 40, Home: 36, End: 35 };

/** A key pressed as a person presses it: on whatever has the focus. */
function press(key: string) {
  const target = document.activeElement ?? document.body;
  act(() => void fireEvent.keyDown(target, { key, keyCode: KEY_CODES[key], which: KEY_CODES[key] }));
}

const focused = () => document.activeElement?.textContent ?? document.activeElement?.getAttribute('aria-label');

/** A row's actions menu: Edit is offered but not to be used, Delete opens a window. */
function Row() {
  const [chosen, setChosen] = useState('nothing');
  return (
    <>
      <MenuButton
        aria-label="Actions for SO-1001"
        items={[
          { key: 'details', label: 'View Details', onClick: () => setChosen('details') },
          { key: 'edit', label: 'Edit', disabled: true },
          { key: 'email', label: 'Email Customer', onClick: () => setChosen('email') },
          { key: 'delete', label: 'Delete', danger: true, onClick: () => setChosen('delete') },
        ]}
      />
      <output aria-label="Chosen">{chosen}</output>
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Actions for SO-1001' });

it.each(['Enter', ' ', 'ArrowDown'])('opens on its first item with %j, the arrows move through the enabled items, and Escape gives focus back', async (key) => {
  render(<Row />);
  button().focus();
  press(key);
  await waitFor(() => expect(focused()).toBe('View Details'));
  expect(button().getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('menu').id).toBe(button().getAttribute('aria-controls'));

  press('ArrowDown');
  await waitFor(() => expect(focused()).toBe('Email Customer'));
  press('ArrowDown');
  await waitFor(() => expect(focused()).toBe('Delete'));
  press('ArrowUp');
  await waitFor(() => expect(focused()).toBe('Email Customer'));

  press('Escape');
  await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('false'));
  expect(document.activeElement).toBe(button());
  expect(screen.getByLabelText('Chosen').textContent).toBe('nothing');
});

it('reaches its first item when the menu takes many frames to show it', async () => {
  // An item not yet shown refuses focus, as on a busy machine while antd brings the menu in.
  const focus = HTMLElement.prototype.focus;
  let refusals = 40;
  const refusing = jest.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
    if (this.getAttribute('role') === 'menuitem' && refusals-- > 0) return;
    focus.call(this, options);
  });
  try {
    render(<Row />);
    button().focus();
    press('ArrowDown');
    await waitFor(() => expect(focused()).toBe('View Details'), { timeout: 2_000 });
  } finally {
    refusing.mockRestore();
  }
});

it('opens on its last item with ArrowUp', async () => {
  render(<Row />);
  button().focus();
  press('ArrowUp');
  await waitFor(() => expect(focused()).toBe('Delete'));
});

it('runs the item chosen by Enter, closes, and leaves focus on its button', async () => {
  render(<Row />);
  button().focus();
  press('ArrowDown');
  await waitFor(() => expect(focused()).toBe('View Details'));
  press('ArrowDown');
  await waitFor(() => expect(focused()).toBe('Email Customer'));
  press('Enter');
  await waitFor(() => expect(screen.getByLabelText('Chosen').textContent).toBe('email'));
  expect(button().getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(button());
});

it('opens on a click too, and closes when clicked again', async () => {
  render(<Row />);
  fireEvent.click(button());
  await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'));
  expect(screen.getByRole('menuitem', { name: 'View Details' })).toBeTruthy();
  fireEvent.click(button());
  await waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('false'));
});
