import { button } from './button';
import * as styles from './pagination.css';

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPage(page: number): void;
  /** What is paged, for screen readers: 'Products pages'. */
  label: string;
}

/** Previous / Next with 'Page X of Y' (admin tables: 10 rows a page). Nothing when one page holds all. */
export function Pagination({ page, pageCount, onPage, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button type="button" className={button({ tone: 'quiet', size: 'sm' })} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className={styles.status} aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <button type="button" className={button({ tone: 'quiet', size: 'sm' })} disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** How many pages `total` rows make at `perPage` a page (at least 1). */
export const pageCountOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));
