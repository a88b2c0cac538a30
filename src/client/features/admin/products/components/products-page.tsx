import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AdminListBody, AdminListSearch, useServerList } from '@/client/components/admin-list';
import { button } from '@/client/components/button.css';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import * as table from '@/client/components/data-table.css';
import { Price } from '@/client/components/price';
import { usePageTitle } from '@/client/lib/head';
import { toApiFailure } from '@/client/lib/http';
import { searchBoxOf } from '@/client/lib/list-search';
import { toast } from '@/client/lib/toast';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { deleteProductMutation } from '../api/delete-product';
import { adminProductsQuery, PRODUCTS_PER_PAGE } from '../api/get-products';
import { adminProductsSearch, productsListArgs } from '../lib/products-search';
import { PRODUCT_TEXTS, PRODUCTS_LIST_TEXTS } from '../texts';
import { EditProductLink, ProductCell, ProductSkeletonRows, type SkeletonCell, STOCK_BADGE_SKELETON } from './product-row-parts';
import * as styles from './products.css';
import { StockBadge } from './stock-badge';

/** The placeholders of the columns after the product, while the first page loads. */
const SKELETON_CELLS: readonly SkeletonCell[] = [
  { width: '4.5rem', height: '1rem' },
  STOCK_BADGE_SKELETON,
  { width: '5rem', height: '1rem' },
  { width: '8rem', height: '2.25rem' },
];

const COLUMNS = ['Product', 'Price', 'Stock', 'Category', 'Actions'] as const;

/**
 * /admin/products: the catalogue 10 rows a page (paged by the server), searched by name,
 * description or category, with Edit and Delete (asked first) per product. The search and the
 * page live in the address, so a reload or Back keeps them.
 */
export function ProductsPage() {
  usePageTitle('Products - Admin');
  // Page 1 stays out of the address (the search's parse drops it).
  const list = useServerList(adminProductsSearch, (search) => adminProductsQuery(productsListArgs(search)), {
    perPage: PRODUCTS_PER_PAGE,
    rows: (answer) => answer.data,
  });
  const { search, setSearch, shown } = list;
  const removal = useMutation(deleteProductMutation());
  const [confirming, setConfirming] = useState<Product | null>(null);
  const tableRef = useRef<HTMLElement>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    const product = confirming;
    try {
      await removal.mutateAsync(product._id);
    } catch (error) {
      const failure = await toApiFailure(error, PRODUCT_TEXTS.deleteFailed);
      toast.error(failure.message);
      setConfirming(null);
      return;
    }
    // Its row has left the page, which is asked again (the next page's first product moves up): lib/products-cache.ts.
    toast.success(SERVER_MESSAGES.productDeleted);
    setConfirming(null);
    // Its row (and the button that opened the dialog) is gone: the table keeps the focus.
    tableRef.current?.focus();
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Products</h1>
        <Link to="/admin/products/add" className={button({ tone: 'primary' })}>
          Add Product
        </Link>
      </header>

      <AdminListSearch
        label="Product search"
        className={styles.toolbar}
        field={{ id: 'admin-products-search', label: 'Search products', hint: PRODUCT_TEXTS.searchHint, ...searchBoxOf(search, setSearch) }}
      />

      <AdminListBody
        list={list}
        texts={PRODUCTS_LIST_TEXTS}
        // Focused (from script only) when the row that had the focus goes.
        focusRef={tableRef}
        table={{
          caption: 'Products',
          captionId: 'admin-products-caption',
          columns: COLUMNS,
          numeric: ['Price'],
          rows: shown?.data,
          skeleton: <ProductSkeletonRows count={PRODUCTS_PER_PAGE} cells={SKELETON_CELLS} />,
          empty: PRODUCT_TEXTS.noProducts,
          row: (product) => (
            <ProductRow
              key={product._id}
              product={product}
              deleting={removal.isPending && removal.variables === product._id}
              onDelete={() => setConfirming(product)}
            />
          ),
        }}
      />

      {confirming && (
        <ConfirmDialog
          title={`Delete ${confirming.name}?`}
          text={PRODUCT_TEXTS.deleteWarning}
          confirmLabel="Delete"
          busy={removal.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

function ProductRow({ product, deleting, onDelete }: { product: Product; deleting: boolean; onDelete(): void }) {
  return (
    <tr>
      <ProductCell product={product} />
      <td className={`${table.td} ${table.numeric}`}>
        <Price value={product.price} />
      </td>
      <td className={table.td}>
        <StockBadge stock={product.stock} />
      </td>
      <td className={table.td}>{product.category}</td>
      <td className={table.td}>
        <div className={styles.actions}>
          <EditProductLink product={product} />
          <button
            type="button"
            className={`${button({ tone: 'danger', size: 'sm' })} ${styles.rowButton}`}
            aria-label={`Delete ${product.name}`}
            disabled={deleting}
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
