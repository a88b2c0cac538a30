import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AdminListBody, AdminListFilter, AdminListSearch, type ListFilter, useServerList } from '@/client/components/admin-list';
import { button } from '@/client/components/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import * as table from '@/client/components/data-table.css';
import { Price } from '@/client/components/price';
import { usePageTitle } from '@/client/lib/head';
import { toApiFailure } from '@/client/lib/http';
import { searchBoxOf } from '@/client/lib/list-search';
import { toast } from '@/client/lib/toast';
import { type AdminProductSort, CATEGORIES, type Category } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { deleteProductMutation } from '../api/delete-product';
import { adminProductsQuery, PRODUCTS_PER_PAGE } from '../api/get-products';
import { adminProductsSearch, productsListArgs } from '../lib/products-search';
import { NEWEST_FIRST, PRODUCT_SORT_CHOICES, PRODUCT_TEXTS, PRODUCTS_LIST_TEXTS } from '../texts';
import { ProductRowMenu } from './product-row-menu';
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

/** The category filter: every stored category (a product still in "Others" can be found and moved). */
const CATEGORY_FILTER: ListFilter<Category> = {
  id: 'admin-products-category',
  label: PRODUCT_TEXTS.categoryLabel,
  all: PRODUCT_TEXTS.allCategories,
  options: CATEGORIES.map((category) => [category, category] as const),
};

/** The sort: newest first (no value, the default), then the others. */
const SORT_CHOICE: ListFilter<AdminProductSort> = {
  id: 'admin-products-sort',
  label: PRODUCT_TEXTS.sortLabel,
  all: NEWEST_FIRST,
  options: PRODUCT_SORT_CHOICES,
};

/**
 * /admin/products: the catalogue 10 rows a page (paged by the server), searched by name,
 * description or category, of one category or all, newest first or in another order; each row has
 * Edit, and a More menu with Delete (asked first). The search, filter, order and page live in the
 * address, so a reload or Back keeps them.
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
      >
        <AdminListFilter {...CATEGORY_FILTER} value={search.category} onChange={(category) => setSearch({ category, page: undefined })} />
        <AdminListFilter {...SORT_CHOICE} value={search.sort} onChange={(sort) => setSearch({ sort, page: undefined })} />
      </AdminListSearch>

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
          <ProductRowMenu product={product} deleting={deleting} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}
