import { Link } from '@tanstack/react-router';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import { productAddress } from '@/shared/product-address';
import type { Product } from '@/shared/types';
import * as css from './search.css';

const CARD_SIZES = '(min-width: 1024px) 270px, (min-width: 768px) 33vw, 50vw';

/** One product as the search pages show it: image, name, category (and Out of Stock), price; a link to its page. */
export function ResultCard({ product, priority }: { product: Product; priority: boolean }) {
  return (
    <Link to="/product/$id" params={{ id: productAddress(product) }} className={css.card}>
      <ProductImage src={product.productImageUrls[0]} alt="" width={320} height={320} sizes={CARD_SIZES} priority={priority} className={css.cardImage} />
      <span className={css.cardBody}>
        <span className={css.cardName}>{product.name}</span>
        <span className={css.cardCategory}>
          {product.category}
          {product.stock <= 0 && ' · Out of Stock'}
        </span>
        <Price value={product.price} className={css.cardPrice} />
      </span>
    </Link>
  );
}
