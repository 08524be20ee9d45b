import { Button, Dropdown, type ButtonProps, type DropdownProps, type MenuProps } from 'antd';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuButtonProps {
  /** The menu's items, as antd's Menu takes them; disabled ones are skipped by the arrows. */
  items: MenuProps['items'];
  /** The button's accessible name when its content does not say it ('Actions for SO-1001'). */
  'aria-label'?: string;
  icon?: ReactNode;
  children?: ReactNode;
  /** The button's look: 'text' for a row's menu. */
  type?: ButtonProps['type'];
  block?: boolean;
  style?: ButtonProps['style'];
  'data-testid'?: string;
  placement?: DropdownProps['placement'];
  getPopupContainer?: DropdownProps['getPopupContainer'];
  /** Keeps the menu open while true: an action it started is under way and says so in the menu. */
  keepOpen?: boolean;
}

const ENABLED_ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

/** How long a menu opened from the keyboard may take to show its items before focus stays on the button. */
const FOCUS_WAIT_MS = 3_000;

/**
 * A button that opens a menu, as the WAI-ARIA menu button pattern has it: Enter, Space or
 * ArrowDown open the menu on its first item and ArrowUp on its last; the arrows, Home and End
 * move through its enabled items; Enter or Space choose one; Escape closes it and gives focus
 * back to the button. antd's Dropdown alone reaches the menu only by Tab. A chosen item leaves
 * focus on the button too, so a dialog the item opens gives focus back to it when it closes
 * (antd's Modal returns focus to what had it).
 */
export function MenuButton({ items, icon, children, type, block, style, placement, getPopupContainer, keepOpen = false, ...named }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const shown = open || keepOpen;

  /**
   * Focuses the first (or last) item once the menu can take it: antd renders the menu on first
   * open and shows it frames later, more of them on a busy machine, and an item not yet shown
   * refuses focus. So it tries each frame until the item holds focus, for up to FOCUS_WAIT_MS.
   */
  const focusItem = (which: 'first' | 'last', until = performance.now() + FOCUS_WAIT_MS) => {
    const found = document.getElementById(menuId)?.querySelectorAll<HTMLElement>(ENABLED_ITEM);
    const item = found && (which === 'first' ? found[0] : found[found.length - 1]);
    item?.focus();
    if ((!item || document.activeElement !== item) && performance.now() < until) requestAnimationFrame(() => focusItem(which, until));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const which = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' }[event.key] as 'first' | 'last' | undefined;
    if (!which) return;
    // Not also a click, which would toggle the menu shut again.
    event.preventDefault();
    setOpen(true);
    focusItem(which);
  };

  /**
   * Moves through the enabled items, wrapping at the ends; Space chooses as Enter does (antd's
   * Menu takes Enter alone); Escape closes the menu back to its button, and Tab closes it and goes
   * on from its button. Handled here, before antd's Menu, whose own arrows skip items it cannot
   * measure as visible.
   */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ENABLED_ITEM));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: at <= 0 ? items.length - 1 : at - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in next && items.length > 0) {
      event.preventDefault();
      event.stopPropagation();
      items[next[event.key]!]!.focus();
    } else if (event.key === ' ' && at >= 0) {
      event.preventDefault();
      event.stopPropagation();
      items[at]!.click();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      // Tab goes on from the button, as its default action runs after this.
      if (event.key === 'Escape') event.preventDefault();
      event.stopPropagation();
      button.current?.focus();
      setOpen(false);
    }
  };

  const onChoose = () => {
    button.current?.focus();
    setOpen(false);
  };

  return (
    <Dropdown
      menu={{ items, id: menuId, onClick: onChoose }}
      trigger={['click']}
      open={shown}
      onOpenChange={(next) => setOpen(next)}
      placement={placement}
      getPopupContainer={getPopupContainer}
      popupRender={(menu) => <div onKeyDownCapture={onMenuKeyDown}>{menu}</div>}
    >
      <Button
        ref={button}
        type={type}
        block={block}
        style={style}
        icon={icon}
        aria-haspopup="menu"
        aria-expanded={shown}
        aria-controls={shown ? menuId : undefined}
        onKeyDown={onKeyDown}
        {...named}
      >
        {children}
      </Button>
    </Dropdown>
  );
}
