import { AdminListBody, ListSkeletonRows, useServerList } from '@/client/components/admin-list';
import { usePageTitle } from '@/client/lib/head';
import { messageLogQuery } from '../api/get-outbox-messages';
import { messageLogSearch, STATUS_FILTERS, type StatusFilter } from '../message-log-search';
import { MESSAGE_LOG_PER_PAGE, MESSAGE_LOG_TEXTS } from '../texts';
import * as styles from './message-log.css';
import { MESSAGE_COLUMNS, MessageRow } from './message-row';

/** Placeholder rows while the first page loads. */
const SKELETON = <ListSkeletonRows columns={MESSAGE_COLUMNS} width="4.5rem" wide={['To', '9rem']} />;

/**
 * /admin/message-log: every message the shop sent or is sending (to shoppers, and the owner's
 * alerts), newest first, 20 a page from the server. The state filter and the page live in the
 * address, so a reload or Back keeps them.
 */
export function MessageLogPage() {
  usePageTitle('Message log - Admin');
  const list = useServerList(messageLogSearch, messageLogQuery, {
    perPage: MESSAGE_LOG_PER_PAGE,
    total: (answer) => answer.total,
    rows: (answer) => answer.messages,
  });
  const { search, setSearch, query, shown } = list;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Message log</h1>

      <div className={styles.filter}>
        <label htmlFor="message-log-status" className={styles.label}>
          {MESSAGE_LOG_TEXTS.statusFilter}
        </label>
        <select
          id="message-log-status"
          className={styles.select}
          value={search.status ?? ''}
          onChange={(event) => setSearch({ status: (event.target.value || undefined) as StatusFilter | undefined, page: undefined })}
        >
          <option value="">{MESSAGE_LOG_TEXTS.statusAll}</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {MESSAGE_LOG_TEXTS.statuses[status]}
            </option>
          ))}
        </select>
      </div>

      <AdminListBody
        query={query}
        failureMessage={MESSAGE_LOG_TEXTS.loadFailed}
        onRetry={list.retry}
        loadingText={MESSAGE_LOG_TEXTS.loading}
        countText={(answer) => MESSAGE_LOG_TEXTS.found(answer.total)}
        paging={{ ...list.paging, label: 'Message log pages' }}
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
