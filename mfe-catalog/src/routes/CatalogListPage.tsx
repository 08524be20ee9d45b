import { SyncOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@printpool/platform';
import { Button, Card, PageHeader, Tag } from '@printpool/ui';
import { Input } from '@printpool/ui/input';
import { countedTitle, PagedTable, type TableColumnsType } from '@printpool/ui/table';
import { useState } from 'react';
import { useCatalogList, type CatalogEntity } from '../api/useCatalogList.js';
import { useSyncFromQuickbooks } from '../api/useSyncFromQuickbooks.js';

const PAGE_SIZE = 50;

interface Props<T> {
  entity: CatalogEntity;
  title: string;
  subtitle: string;
  columns: TableColumnsType<T>;
  /** What the server searches in, for the search box's placeholder ('name or email'). */
  searchHint: string;
}

/** A read-only QuickBooks list: search box, sync button and a table paged on the server. */
export function CatalogListPage<T extends { id: string | number }>({ entity, title, subtitle, columns, searchHint }: Props<T>) {
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useCatalogList<T>(entity, { search, page, pageSize: PAGE_SIZE });
  const sync = useSyncFromQuickbooks(entity);
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
      <Card title={countedTitle(title, data)}>
        <Input.Search
          placeholder={`Search ${entity} by ${searchHint}...`}
          aria-label={`Search ${entity}`}
          allowClear
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 360, marginBottom: 16 }}
        />
        <PagedTable
          label={title}
          columns={columns}
          list={data}
          loading={isFetching}
          pager={{ page, pageSize: PAGE_SIZE, onChange: setPage }}
          locale={{ emptyText: search ? `No ${entity} match your search.` : `No ${entity} found.` }}
        />
      </Card>
    </>
  );
}
