import type { EmailLog, HistoryDocumentKind, HistoryEntry, HistoryFieldChange } from '@printpool/contracts';
import { formatDateTime } from '@printpool/domain';
import { Alert, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../EmptyState.js';
import { useDocumentHistory } from './documentHistoryQueries.js';

const shown = (value: string | null) => value ?? '—';

const EMAIL_ACTIONS: Record<EmailLog['status'], string> = { sent: 'E-mail sent', sending: 'E-mail sending', failed: 'E-mail failed' };

/** One moment of the document's life: a change, or an e-mail sent for it. */
interface Moment {
  key: string;
  at: string;
  action: string;
  /** The related document it is of (a sales order's pull ticket), or null. */
  about: string | null;
  by: string | null;
  details: ReactNode;
}

function Changes({ changes }: { changes: HistoryFieldChange[] }) {
  if (changes.length === 0) return null;
  return (
    <ul aria-label="Changes" style={{ margin: '4px 0 0', paddingLeft: 18 }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Typography.Text type="secondary">{change.field}:</Typography.Text> {shown(change.before)} → {shown(change.after)}
        </li>
      ))}
    </ul>
  );
}

const fromEntry = (entry: HistoryEntry): Moment => ({
  key: `change-${entry.id}`,
  at: entry.at,
  action: entry.action,
  about: entry.about,
  by: entry.by,
  details: <Changes changes={entry.changes} />,
});

const fromEmail = (email: EmailLog): Moment => ({
  key: `email-${email.id}`,
  at: email.sentAt,
  action: EMAIL_ACTIONS[email.status],
  about: null,
  by: email.sentBy,
  details: (
    <Typography.Text type="secondary">
      To {email.toEmail}: “{email.subject}”{email.status === 'failed' && email.error ? ` (${email.error})` : ''}
    </Typography.Text>
  ),
});

/**
 * The History tab of a details dialog (docs/product.md §10): every change to the document, with
 * who made it, when, why and the fields it changed, together with the e-mails (and the documents
 * they carried) sent for it, newest first.
 */
export function DocumentHistory({ kind, id }: { kind: HistoryDocumentKind; id: number }) {
  const { history, emails } = useDocumentHistory(kind, id);
  if (history.isPending || emails.isPending) return <Spin aria-label="Loading history..." />;
  if (history.isError || emails.isError) return <Alert type="error" showIcon title="Could not load the history" />;
  const moments = [...history.data.map(fromEntry), ...emails.data.map(fromEmail)].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  if (moments.length === 0) return <EmptyState title="No history yet" hint="Changes and e-mails appear here as they happen." />;
  return (
    <section aria-label="History">
      <Timeline
        items={moments.map((moment) => ({
          key: moment.key,
          children: (
            <>
              <Flex gap={8} wrap align="baseline">
                <Typography.Text strong>{moment.action}</Typography.Text>
                {moment.about && <Typography.Text>{moment.about}</Typography.Text>}
                {moment.by && <Tag>{moment.by}</Tag>}
                <Typography.Text type="secondary">
                  <time dateTime={moment.at}>{formatDateTime(moment.at)}</time>
                </Typography.Text>
              </Flex>
              {moment.details}
            </>
          ),
        }))}
      />
    </section>
  );
}
