import { expect } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** Opens a list row's Actions menu, as a user clicks it, and answers the menu it opened. */
export async function openRowActions(documentNumber: string): Promise<HTMLElement> {
  const before = screen.queryAllByRole('menu').length;
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${documentNumber}` }));
  return waitFor(() => {
    const menus = screen.getAllByRole('menu');
    expect(menus.length).toBeGreaterThan(before);
    return menus.at(-1)!;
  });
}

/** The names a menu offers, in order. */
export function menuItemNames(menu: HTMLElement): (string | null)[] {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}
