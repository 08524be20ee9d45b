import { SyncOutlined } from '@ant-design/icons';
import { Button, Card, matchesSearch, PageHeader, Tag } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { Table, type TableColumnsType } from '@printpool/ui/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSyncFromQuickbooks } from '../api/useSyncFromQuickbooks.js';

interface Props<T> {
  entity: 'customers' | 'items';
  title: string;
  subtitle: string;
  columns: TableColumnsType<T>;
  /** The texts the search box looks in. */
  searchable: (row: T) => (string | null | undefined)[];
}

/** A read-only QuickBooks list: search box, sync button and table. */
export function CatalogListPage<T extends { id: string | number }>({ entity, title, subtitle, columns, searchable }: Props<T>) {
  const { data, isLoading } = useQuery<T[]>({ queryKey: [`/api/${entity}`] });
  const sync = useSyncFromQuickbooks(entity);
  const [search, setSearch] = useState('');
  const rows = (data ?? []).filter((row) => matchesSearch(search, ...searchable(row)));
  return (
    <>
      <PageHeader
        title={
          <>
            {title} <Tag style={{ verticalAlign: 'middle' }}>Read Only</Tag>
          </>
        }
        subtitle={subtitle}
        extra={
          <Button icon={<SyncOutlined spin={sync.isPending} />} onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? 'Syncing...' : `Sync ${title}`}
          </Button>
        }
      />
      <Card title={`${title} (${rows.length})`}>
        <Input.Search
          placeholder={`Search ${entity}...`}
          aria-label={`Search ${entity}`}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <Table
          rowKey="id"
          loading={isLoading}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: search ? `No ${entity} match your search.` : `No ${entity} found.` }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
