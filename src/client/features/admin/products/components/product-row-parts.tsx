import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { button } from '@/client/components/button';
import * as table from '@/client/components/data-table.css';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import type { Product } from '@/shared/types';
import * as styles from './products.css';

/** The first cell of a product's row (products, low stock): its thumbnail and name. */
export function ProductCell({ product }: { product: Product }) {
  return (
    <td className={table.td}>
      <div className={styles.productCell}>
        {/* The name beside it says what it shows. */}
        <ProductImage src={product.productImageUrls[0]} alt="" width={48} height={48} sizes="48px" className={styles.thumbnail} />
        <span className={styles.productName}>{product.name}</span>
      </div>
    </td>
  );
}

/** A row's 'Edit' button, opening the product's form. */
export function EditProductLink({ product }: { product: Product }) {
  return (
    <Link
      to="/admin/products/edit/$id"
      params={{ id: product._id }}
      className={`${button({ tone: 'quiet', size: 'sm' })} ${styles.rowButton}`}
      aria-label={`Edit ${product.name}`}
    >
      Edit
    </Link>
  );
}

/** A placeholder cell's size. */
export type SkeletonCell = ComponentProps<typeof Skeleton>;

/** The stock badge's placeholder (both lists show it). */
export const STOCK_BADGE_SKELETON: SkeletonCell = { width: '2.5rem', height: '1.25rem', radius: '999px' };

/**
 * Rows shaped like a product list's while its first page loads, so the table does not jump: the
 * thumbnail and name, then one placeholder per other column, sized like what it stands for.
 */
export function ProductSkeletonRows({ count, cells }: { count: number; cells: readonly SkeletonCell[] }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
    <tr key={index}>
      <td className={table.td}>
        <div className={styles.skeletonRowCell}>
          <Skeleton width={48} height={48} radius="4px" />
          <Skeleton width="9rem" height="1rem" />
        </div>
      </td>
      {cells.map((cell, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
        <td key={column} className={table.td}>
          <Skeleton {...cell} />
        </td>
      ))}
    </tr>
  ));
}
