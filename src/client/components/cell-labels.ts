import { type RefObject, useLayoutEffect } from 'react';

/**
 * Names every body cell after its column header (`data-label`), for the list of cards a table
 * becomes where its columns cannot fit (data-table.css.ts): each card's line says what it is. Runs
 * after every render, so rows that come or change are named too; a cell spanning columns (an empty
 * or loading row) is left alone.
 */
export function useCellLabels(tableRef: RefObject<HTMLTableElement | null>): void {
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
    for (const row of Array.from(table.tBodies[0]?.rows ?? [])) {
      Array.from(row.cells).forEach((cell, index) => {
        const label = cell.colSpan > 1 ? undefined : headers[index];
        if (label && cell.dataset.label !== label) cell.dataset.label = label;
      });
    }
  });
}
