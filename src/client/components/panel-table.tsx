import { type ReactNode, useRef } from 'react';
import { useCellLabels } from './cell-labels';
import { TableHead } from './data-table';
import * as styles from './data-table.css';

interface PanelTableProps<T> {
  /** The heading that names the table (the panel's title). */
  labelledBy: string;
  describedBy?: string;
  columns: readonly string[];
  /** Columns whose figures line up on the right. */
  numeric?: readonly string[];
  rows: readonly T[];
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  /** Shown above the table when there are rows (what the table is for). */
  intro?: ReactNode;
  row(item: T): ReactNode;
}

/**
 * A small table inside a panel (the dashboard's lists, the promo codes): its rows, or the empty text
 * in their place. Unlike `DataTable` it is whole when shown: no caption, skeleton or paging.
 */
export function PanelTable<T>({ labelledBy, describedBy, columns, numeric, rows, empty, intro, row }: PanelTableProps<T>) {
  const tableRef = useRef<HTMLTableElement>(null);
  useCellLabels(tableRef);
  if (rows.length === 0) return empty;
  return (
    <>
      {intro}
      <div className={styles.tableWrap}>
        <table ref={tableRef} className={styles.table} aria-labelledby={labelledBy} aria-describedby={describedBy}>
          <TableHead columns={columns} numeric={numeric} />
          <tbody>{rows.map(row)}</tbody>
        </table>
      </div>
    </>
  );
}
