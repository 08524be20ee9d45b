import { SyncOutlined } from '@ant-design/icons';
import { useAuth, useCan, useListView } from '@printpool/platform';
import { Button, Card, PageHeader, Tag, Typography } from '@printpool/ui';
import { countedTitle, SearchablePagedTable, type TableColumnsType } from '@printpool/ui/table';
import { catalogPath, useCatalogList, type CatalogEntity } from '../api/useCatalogList.js';
import { useSyncFromQuickbooks } from '../api/useSyncFromQuickbooks.js';

// A catalog opens with 50 rows: brokers scan it rather than page through it.
const VIEW_DEFAULTS = { pageSize: '50' };

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
  const view = useListView([], VIEW_DEFAULTS);
  const { data, isFetching } = useCatalogList<T>(entity, view.query);
  const sync = useSyncFromQuickbooks(entity);
  // Syncing is the daily work: a viewer reads the list only (docs/product.md §6).
  const canSync = useCan('staff');
  const { isLoading: authLoading } = useAuth();
  if (authLoading) return <Typography.Text>Loading...</Typography.Text>;
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
          canSync && (
            <Button icon={<SyncOutlined spin={sync.isPending} />} onClick={() => sync.mutate()} disabled={sync.isPending}>
              {sync.isPending ? 'Syncing...' : `Sync ${title}`}
            </Button>
          )
        }
      />
      <Card title={countedTitle(title, data)}>
        <SearchablePagedTable
          label={title}
          view={view}
          path={catalogPath(entity)}
          noun={entity}
          searchPlaceholder={`Search ${entity} by ${searchHint}...`}
          columns={columns}
          list={data}
          loading={isFetching}
        />
      </Card>
    </>
  );
}
