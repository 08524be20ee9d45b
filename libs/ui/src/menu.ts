// A button that opens a menu (a row's actions, the user menu), keyboard-operable as WAI-ARIA's
// menu button pattern says. Its own entry, without the rest of antd's styles: the shell's
// sidebar uses it on the first page, whose stylesheet already holds the menu's.
export { MenuButton, type MenuButtonProps } from './MenuButton.js';
export type { MenuProps } from 'antd';
