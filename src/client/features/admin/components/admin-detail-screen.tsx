import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadFailure } from '@/client/components/load-failure';
import { usePageTitle } from '@/client/lib/head';
import type { ApiFailure } from '@/client/lib/http';

/** The classes of the page that shows the screen (each admin area keeps its own stylesheet). */
interface DetailClasses {
  page: string;
  backLink: string;
  centred: string;
  title: string;
  skeletonStack: string;
}

interface AdminDetailScreenProps<T> {
  query: UseQueryResult<T, ApiFailure>;
  /** The list it came from: the back link above everything. */
  list: '/admin/customers' | '/admin/orders';
  texts: {
    /** The back link's. */
    back: string;
    /** The heading when the server does not know the id (404). */
    notFound: string;
    /** Any other failure: the heading (also the tab's title), and the message over Try again. */
    failureTitle: string;
    failed: string;
    /** Said to screen readers while loading, over `skeleton`. */
    loading: string;
  };
  /** The shapes of the page while it loads (hidden from screen readers). */
  skeleton: ReactNode;
  classes: DetailClasses;
  /** The page itself, once loaded; `retry` reads it again. */
  children(data: T, retry: () => void): ReactNode;
}

/**
 * An admin page about one thing (a customer, an order): the back link to its list, then its
 * skeleton while loading, 'not found', the load failure with Try again, or the page itself.
 */
export function AdminDetailScreen<T>({ query, list, texts, skeleton, classes, children }: AdminDetailScreenProps<T>) {
  const retry = () => void query.refetch();
  // Data wins over a failed refetch; the failure shows once no fetch is out.
  const failure = query.data === undefined && !query.isFetching ? query.error : null;

  let content: ReactNode;
  if (query.data !== undefined) content = children(query.data, retry);
  else if (failure?.status === 404) content = <DetailMessage title={texts.notFound} classes={classes} />;
  else if (failure)
    content = (
      <DetailMessage title={texts.failureTitle} classes={classes}>
        <LoadFailure message={texts.failed} failure={failure} onRetry={retry} />
      </DetailMessage>
    );
  else
    content = (
      <div aria-busy="true" className={classes.skeletonStack}>
        <p className="visually-hidden" role="status">
          {texts.loading}
        </p>
        <div aria-hidden="true" className={classes.skeletonStack}>
          {skeleton}
        </div>
      </div>
    );

  return (
    <div className={classes.page}>
      <Link to={list} className={classes.backLink}>
        <span aria-hidden="true">←</span> {texts.back}
      </Link>
      {content}
    </div>
  );
}

function DetailMessage({ title, classes, children }: { title: string; classes: DetailClasses; children?: ReactNode }) {
  usePageTitle(`${title} - Admin`);
  return (
    <div className={classes.centred}>
      <h1 className={classes.title}>{title}</h1>
      {children}
    </div>
  );
}
