import type { HistoryDocumentKind } from '@printpool/contracts';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { DocumentHistory } from './DocumentHistory.js';

/**
 * A details dialog's body: its Details tab (`children`) and its History tab (docs/product.md §10),
 * which loads the history only once it is opened.
 */
export function DetailsAndHistory({ kind, id, children }: { kind: HistoryDocumentKind; id: number; children: ReactNode }) {
  return (
    <Tabs
      items={[
        { key: 'details', label: 'Details', children },
        { key: 'history', label: 'History', children: <DocumentHistory kind={kind} id={id} /> },
      ]}
    />
  );
}
