import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import {
  exportListCsv,
  failureMessage,
  isUnauthorizedError,
  SEARCH_DEBOUNCE_MS,
  useDebouncedValue,
  useSessionStore,
  useToast,
  type ListView,
} from '@printpool/platform';

const count = (n: number) => n.toLocaleString('en-US');

/** A text box that tells `onSettle` its value once typing pauses, and follows `value` when the address changes it. */
function SettlingInput({
  value,
  onSettle,
  label,
  placeholder,
  search,
}: {
  value: string;
  onSettle: (value: string) => void;
  label: string;
  placeholder: string;
  search?: boolean;
}) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // Typing settles the value; the address changing (a link, Back) sets the text. Each effect
  // answers one of the two, so neither may run on the other's change.
  useEffect(() => {
    if (settled.trim() !== value) onSettle(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (value !== text.trim()) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const Box = search ? Input.Search : Input;
  return (
    <Box
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      style={{ width: search ? 280 : 180, maxWidth: '100%' }}
    />
  );
}

/** A filter of one list choosing one value ('Status'); cleared, the list has them all. */
export function ListFilterSelect({
  view,
  name,
  label,
  options,
}: {
  view: ListView;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Select
      id={`list-filter-${name}`}
      aria-label={`Filter by ${label.toLowerCase()}`}
      placeholder={label}
      allowClear
      value={view.filters[name] ?? null}
      onChange={(value: string | undefined) => view.setFilter(name, value)}
      options={options.map((option) => ({ ...option }))}
      style={{ width: 160 }}
    />
  );
}

/** A filter matching part of a name ('Customer'), ignoring case. */
export function ListFilterText({ view, name, label }: { view: ListView; name: string; label: string }) {
  return (
    <SettlingInput
      value={view.filters[name] ?? ''}
      onSettle={(value) => view.setFilter(name, value.trim())}
      label={`Filter by ${label.toLowerCase()}`}
      placeholder={label}
    />
  );
}

/** A range of days (`from`, `to`, both included) of the date the list names ('Order date'). */
export function ListDateRange({ view, label }: { view: ListView; label: string }) {
  return (
    <Flex gap={4} align="center">
      {(['from', 'to'] as const).map((name) => (
        <Input
          key={name}
          type="date"
          aria-label={`${label} ${name}`}
          title={`${label} ${name}`}
          value={view.filters[name] ?? ''}
          onChange={(event) => view.setFilter(name, event.target.value)}
          style={{ width: 150 }}
        />
      ))}
    </Flex>
  );
}

interface ListToolsProps {
  view: ListView;
  /** The list's API path ('/api/sales-orders'); the export is `<path>/export.csv`. */
  path: string;
  /** What the list holds, in the plural ('sales orders'). */
  noun: string;
  /** Rows the search and filters match, as the list's page counted them. */
  total: number | undefined;
  /** The search box's hint when 'Search <noun>...' does not say what is searched. */
  searchPlaceholder?: string;
  /** The list's filters (ListFilterSelect, ListFilterText, ListDateRange). */
  children?: ReactNode;
}

/**
 * Above a list: its search, its filters, a CSV export of every row they select (streamed by the
 * service, with its progress while it arrives) and the print view. Hidden when printing.
 */
export function ListTools({ view, path, noun, total, searchPlaceholder, children }: ListToolsProps) {
  const { toast } = useToast();
  const [exported, setExported] = useState<number | null>(null);
  const exporting = exported !== null;
  const exportCsv = async () => {
    setExported(0);
    try {
      const rows = await exportListCsv(path, view.query, setExported);
      toast({ title: 'Export Complete', description: `${count(rows)} ${noun} exported.` });
    } catch (error) {
      if (isUnauthorizedError(error)) useSessionStore.getState().markUnauthorized();
      else toast({ title: 'Export Failed', description: failureMessage(error, `Failed to export ${noun}`), variant: 'destructive' });
    } finally {
      setExported(null);
    }
  };
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }} data-print="hidden">
      <SettlingInput search value={view.search} onSettle={view.setSearch} label={`Search ${noun}`} placeholder={searchPlaceholder ?? `Search ${noun}...`} />
      {children}
      <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
        <Typography.Text type="secondary" aria-live="polite">
          {exporting && `Exporting ${count(exported)}${total === undefined ? '' : ` of ${count(total)}`} ${noun}...`}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
          Export CSV
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          Print
        </Button>
      </Flex>
    </Flex>
  );
}
