import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminListBody } from '@/client/components/admin-list';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import * as table from '@/client/components/data-table.css';
import { usePageTitle } from '@/client/lib/head';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { productUpdateSchema } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { readResolver } from '../../lib/read-resolver';
import { lowStockQuery } from '../api/get-low-stock-products';
import { updateProductMutation } from '../api/update-product';
import { updateProductForm } from '../lib/product-form-data';
import { LOW_STOCK, RUNNING_LOW_STOCK } from '../lib/stock';
import { LOW_STOCK_LIST_TEXTS, PRODUCT_TEXTS } from '../texts';
import { EditProductLink, ProductCell, ProductSkeletonRows, type SkeletonCell, STOCK_BADGE_SKELETON } from './product-row-parts';
import * as styles from './products.css';
import { StockBadge } from './stock-badge';

/** The placeholders of the columns after the product, while the first page loads. */
const SKELETON_CELLS: readonly SkeletonCell[] = [
  { width: '5rem', height: '1rem' },
  STOCK_BADGE_SKELETON,
  { width: '10rem', height: '44px' },
  { width: '3.5rem', height: '2.25rem' },
];

const COLUMNS = ['Product', 'Category', 'Stock', 'Update stock', 'Actions'] as const;

/**
 * /admin/products/low-stock: products with 5 or less in stock (10 or less on request), lowest
 * first, each with a quick stock edit; a product saved above the threshold leaves the list.
 */
export function LowStockPage() {
  usePageTitle('Low Stock - Admin');
  const [wide, setWide] = useState(false);
  const threshold = wide ? RUNNING_LOW_STOCK : LOW_STOCK;
  // The other threshold keeps the rows shown until its own arrive.
  const query = useQuery({ ...lowStockQuery(threshold), placeholderData: keepPreviousData });
  const tableRef = useRef<HTMLElement>(null);

  /**
   * A quick edit saved (the list already has it in its place, or not at all: lib/products-cache.ts):
   * whether the product stays on the list (still at or under the threshold).
   */
  const saved = (product: Product): boolean => {
    const stays = product.stock <= threshold;
    // Its row (with the focused field) goes: the table keeps the focus.
    if (!stays) tableRef.current?.focus();
    return stays;
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Low Stock</h1>
      </header>
      <p className={styles.lead}>Products with {threshold} or fewer in stock, lowest first.</p>
      <label className={styles.switchRow}>
        <input type="checkbox" className={styles.checkbox} checked={wide} onChange={(event) => setWide(event.target.checked)} />
        Show stock of 10 or less
      </label>

      <AdminListBody
        list={{ query, retry: () => void query.refetch() }}
        texts={LOW_STOCK_LIST_TEXTS}
        // Focused (from script only) when the row that had the focus goes.
        focusRef={tableRef}
        table={{
          caption: 'Low stock products',
          captionId: 'low-stock-caption',
          columns: COLUMNS,
          rows: query.data,
          skeleton: <ProductSkeletonRows count={4} cells={SKELETON_CELLS} />,
          empty: PRODUCT_TEXTS.noLowStock,
          row: (product) => <LowStockRow key={product._id} product={product} onSaved={saved} />,
        }}
      />
    </div>
  );
}

/** The quick edit's stock as typed, read with the shared product rules. */
const stockResolver = readResolver(({ stock }: { stock: string }) => {
  const parsed = productUpdateSchema.safeParse({ stock });
  const read = parsed.success ? parsed.data.stock : undefined;
  return read === undefined ? { ok: false, errors: { stock: PAGE_MESSAGES.productStockInvalid } } : { ok: true, value: read };
});

function LowStockRow({ product, onSaved }: { product: Product; onSaved(product: Product): boolean }) {
  const update = useMutation(updateProductMutation());
  const { register, handleSubmit, setError, setValue, clearErrors, formState } = useForm<{ stock: string }, unknown, number>({
    defaultValues: { stock: String(product.stock) },
    resolver: stockResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = formState.errors.stock?.message;
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const field = register('stock', { onChange: () => clearErrors('stock') });

  const save = handleSubmit(
    async (stock) => {
      if (update.isPending) return;
      // Every field as it is, the images unchanged: only the stock changes.
      const values = {
        name: product.name,
        description: product.description,
        category: product.category,
        price: product.price,
        stock,
        // Kept as it is: sent empty, it would clear the product's limit.
        maxPerOrder: product.maxPerOrder ?? null,
        newArrival: product.newArrival,
      };
      const images = product.productImageUrls.map((url) => ({ kind: 'kept' as const, url }));
      let updated: Product;
      try {
        updated = await update.mutateAsync({ id: product._id, form: updateProductForm(values, images) });
      } catch (failure) {
        setError('stock', { type: 'server', message: (await toApiFailure(failure, PRODUCT_TEXTS.updateFailed)).message });
        inputRef.current?.focus();
        return;
      }
      toast.success(SERVER_MESSAGES.productUpdated);
      setValue('stock', String(updated.stock));
      // Save was disabled while saving, which drops the focus: back to the stock when the row stays.
      if (onSaved(updated)) inputRef.current?.focus();
    },
    () => inputRef.current?.focus(),
  );
  const saving = update.isPending;

  return (
    <tr>
      <ProductCell product={product} />
      <td className={table.td}>{product.category}</td>
      <td className={table.td}>
        <StockBadge stock={product.stock} />
      </td>
      <td className={table.td}>
        <form className={styles.stockEdit} onSubmit={save} noValidate>
          <div className={styles.stockEditField}>
            <input
              {...field}
              ref={(element) => {
                field.ref(element);
                inputRef.current = element;
              }}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className={styles.stockInput}
              aria-label={`Stock for ${product.name}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className={styles.inlineError}>
                {error}
              </p>
            )}
          </div>
          <button type="submit" className={`${button({ tone: 'primary', size: 'sm' })} ${styles.rowButton}`} disabled={saving}>
            {saving && <Busy />}
            Save
          </button>
        </form>
      </td>
      <td className={table.td}>
        <EditProductLink product={product} />
      </td>
    </tr>
  );
}
