// Full antd Table for list pages (with pagination, sorting, filters), and what a record's own page
// adds (tabs, charts): a separate shared entry because it roughly doubles the size of the rest of
// the library.
import '@printpool/platform/rest-styles';
export { Table, Tabs } from 'antd';
export type { TableColumnsType } from 'antd';
export { PagedTable } from './PagedTable.js';
export { countedTitle } from './countedTitle.js';
export { ListFilterSelect, ListFilterText, ListDateRange } from './list/ListTools.js';
export { SearchablePagedTable, type SearchablePagedTableProps } from './SearchablePagedTable.js';
export { MonthlyBars, type MonthlyBar } from './MonthlyBars.js';
