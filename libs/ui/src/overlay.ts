// Menus, dialogs and tooltips opened from list pages (row actions, confirmations, details): an entry
// of its own so the dashboard's first load does not carry them.
import '@printpool/platform/rest-styles';
export { Dropdown, Modal, Tooltip } from 'antd';
export type { MenuProps } from 'antd';
export { CodeBoundary } from './CodeBoundary.js';
