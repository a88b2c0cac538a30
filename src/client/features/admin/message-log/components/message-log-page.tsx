import { AdminListBody, AdminListFilter, type ListFilter, ListSkeletonRows, useServerList } from '@/client/components/admin-list';
import { usePageTitle } from '@/client/lib/head';
import { messageLogQuery } from '../api/get-outbox-messages';
import { messageLogSearch, STATUS_FILTERS, type StatusFilter } from '../message-log-search';
import { MESSAGE_LOG_LIST_TEXTS, MESSAGE_LOG_PER_PAGE, MESSAGE_LOG_TEXTS } from '../texts';
import * as styles from './message-log.css';
import { MESSAGE_COLUMNS, MessageRow } from './message-row';

/** Placeholder rows while the first page loads. */
const SKELETON = <ListSkeletonRows columns={MESSAGE_COLUMNS} width="4.5rem" wide={['To', '9rem']} />;

/** The state filter: each state in the log's words. */
const STATUS_FILTER: ListFilter<StatusFilter> = {
  id: 'message-log-status',
  label: MESSAGE_LOG_TEXTS.statusFilter,
  all: MESSAGE_LOG_TEXTS.statusAll,
  options: STATUS_FILTERS.map((status) => [status, MESSAGE_LOG_TEXTS.statuses[status]] as const),
};

/**
 * /admin/message-log: every message the shop sent or is sending (to shoppers, and the owner's
 * alerts), newest first, 20 a page from the server. The state filter and the page live in the
 * address, so a reload or Back keeps them.
 */
export function MessageLogPage() {
  usePageTitle('Message log - Admin');
  const list = useServerList(messageLogSearch, messageLogQuery, { perPage: MESSAGE_LOG_PER_PAGE, rows: (answer) => answer.messages });
  const { search, setSearch, shown } = list;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Message log</h1>

      <AdminListFilter {...STATUS_FILTER} className={styles.filter} value={search.status} onChange={(status) => setSearch({ status, page: undefined })} />

      <AdminListBody
        list={list}
        texts={MESSAGE_LOG_LIST_TEXTS}
        table={{
          caption: 'Messages, newest first',
          columns: MESSAGE_COLUMNS,
          skeleton: SKELETON,
          empty: search.status ? MESSAGE_LOG_TEXTS.emptyFiltered : MESSAGE_LOG_TEXTS.empty,
          rows: shown?.messages,
          row: (message) => <MessageRow key={message._id} message={message} linkOrder />,
        }}
      />
    </div>
  );
}
