import { type ReactNode, useRef } from 'react';
import { formatDate } from '../lib/format-date';
import { useCellLabels } from './cell-labels';
import * as styles from './data-table.css';
import { Price } from './price';

export interface DataTableProps<T> {
  /** Read by screen readers (visually hidden); `captionId` lets a wrapper be labelled by it. */
  caption: string;
  captionId?: string;
  columns: readonly string[];
  /** Columns whose figures line up on the right. */
  numeric?: readonly string[];
  /** Undefined until the first answer: the skeleton shows. */
  rows: readonly T[] | undefined;
  /** The next page is loading: the rows shown are the previous ones, dimmed. */
  stale: boolean;
  skeleton: ReactNode;
  empty: ReactNode;
  row(item: T): ReactNode;
}

interface TableHeadProps {
  columns: readonly string[];
  numeric?: readonly string[];
  /** Columns named for screen readers only (a column of Remove buttons). */
  unseen?: readonly string[];
  /** The header cells' classes, where the table has its own look. */
  classes?: { th: string; numeric: string };
}

/** A table's header row: one column header per name, the numeric ones lined up on the right. */
export function TableHead({ columns, numeric = [], unseen = [], classes = styles }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={numeric.includes(column) ? `${classes.th} ${classes.numeric}` : classes.th}>
            {unseen.includes(column) ? <span className="visually-hidden">{column}</span> : column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** An admin list table: caption, header, then skeleton rows, the empty text, or the rows. */
export function DataTable<T>({ caption, captionId, columns, numeric = [], rows, stale, skeleton, empty, row }: DataTableProps<T>) {
  const tableRef = useRef<HTMLTableElement>(null);
  useCellLabels(tableRef);
  return (
    <table ref={tableRef} className={`${styles.table} ${stale && rows ? styles.stale : ''}`} aria-busy={stale || undefined}>
      <caption id={captionId} className="visually-hidden">
        {caption}
      </caption>
      <TableHead columns={columns} numeric={numeric} />
      <tbody>
        {!rows ? (
          skeleton
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className={styles.emptyCell}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map(row)
        )}
      </tbody>
    </table>
  );
}

/** A date cell (an order's, say), on one line. */
export function DateCell({ date }: { date: string }) {
  return (
    <td className={`${styles.td} ${styles.nowrap}`}>
      <time dateTime={date}>{formatDate(date)}</time>
    </td>
  );
}

/** An amount's cell, lined up on the right. */
export function PriceCell({ value }: { value: number }) {
  return (
    <td className={`${styles.td} ${styles.numeric}`}>
      <Price value={value} />
    </td>
  );
}
