// Menus and dialogs opened from list pages (row actions, confirmations, detail views): an entry
// of its own so the dashboard's first load does not carry them.
export { Dropdown, Modal } from 'antd';
export type { MenuProps } from 'antd';
