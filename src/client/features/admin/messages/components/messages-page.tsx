import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { listStateOf } from '@/client/components/admin-list';
import { LoadFailure } from '@/client/components/load-failure';
import { Pagination, pageCountOf } from '@/client/components/pagination';
import { Skeleton } from '@/client/components/skeleton';
import { formatDateTime } from '@/client/lib/format-date';
import { usePageTitle } from '@/client/lib/head';
import type { ContactMessage } from '@/shared/admin-types';
import { type ContactMessagesPage, contactMessagesQuery } from '../api/get-contact-messages';
import { MESSAGES_PER_PAGE, MESSAGES_TEXTS } from '../texts';
import * as styles from './messages.css';

/** /admin/messages: what shoppers sent from the contact page, newest first, 10 a page. */
export function MessagesPage() {
  usePageTitle('Messages - Admin');
  const [page, setPage] = useState(1);
  const query = useQuery({ ...contactMessagesQuery(page), placeholderData: keepPreviousData });
  const { answer, failure } = listStateOf(query);
  const retry = () => void query.refetch();
  const top = useRef<HTMLHeadingElement>(null);
  // While another page loads, the one shown stays (dimmed) instead of blinking to placeholders.
  const shown: ContactMessagesPage | undefined = failure ? undefined : query.data;

  const goTo = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 ref={top} className={styles.title}>
          Messages
        </h1>
        {shown && shown.total > 0 && <p className={styles.count}>{shown.total === 1 ? '1 message' : `${shown.total} messages`}</p>}
      </div>
      {failure ? (
        <LoadFailure message={MESSAGES_TEXTS.loadFailed} failure={failure} onRetry={retry} />
      ) : !shown ? (
        <MessagesSkeleton />
      ) : shown.messages.length === 0 ? (
        <p className={styles.empty}>{MESSAGES_TEXTS.empty}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label="Messages, newest first" aria-busy={answer === undefined && !failure}>
            {shown.messages.map((message) => (
              <li key={message._id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
          {answer === undefined && !failure && (
            <p className="visually-hidden" role="status">
              {MESSAGES_TEXTS.loading}
            </p>
          )}
          <Pagination page={shown.page} pageCount={pageCountOf(shown.total, MESSAGES_PER_PAGE)} onPage={goTo} label="Messages pages" />
        </>
      )}
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const titleId = `message-${message._id}`;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.subject}>
          {message.subject}
        </h2>
        <time className={styles.date} dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p className={styles.from}>
        <span>
          From <strong>{message.name}</strong>
        </span>
        <a className={styles.email} href={reply}>
          {message.email}
        </a>
      </p>
      <p className={styles.body}>{message.message}</p>
    </article>
  );
}

function MessagesSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {MESSAGES_TEXTS.loading}
      </p>
      <ul className={styles.list} aria-hidden="true">
        {[1, 2, 3].map((n) => (
          <li key={n} className={styles.skeletonCard}>
            <Skeleton height="1.4rem" width="50%" />
            <Skeleton height="1rem" width="35%" />
            <Skeleton height="3.5rem" />
          </li>
        ))}
      </ul>
    </div>
  );
}
