import { useIsMutating } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { HTMLAttributes } from 'react';
import { button } from '@/client/components/button';
import { Price } from '@/client/components/price';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import { usePageLive } from '@/client/lib/page-context';
import { cartSaveKey, useCart } from '@/client/stores/cart';
import { productAddress } from '@/shared/product-address';
import { IMAGE_SIZES } from '@/shared/product-images';
import type { Product } from '@/shared/types';
import { CATALOGUE_TEXTS } from '../texts';
import * as s from './product-card.css';

type HeadingLevel = 'h2' | 'h3';

interface ProductCardProps {
  product: Product;
  /** The card's name heading, one below the section's. */
  heading?: HeadingLevel;
  /** Above the fold: load the image at once instead of lazily. */
  priority?: boolean;
  sizes?: string;
}

/** Adds to the cart, then goes to checkout when the add succeeded (Buy Now). */
export function useBuyNow() {
  const navigate = useNavigate();
  return async (product: Product, quantity = 1) => {
    const added = await useCart.getState().add(product, quantity);
    if (added) await navigate({ to: '/checkout' });
  };
}

export function ProductCard({ product, heading: Heading = 'h3', priority = false, sizes = IMAGE_SIZES.card }: ProductCardProps) {
  const saving = useIsMutating({ mutationKey: cartSaveKey(product._id) }) > 0;
  const buyNow = useBuyNow();
  const available = product.stock > 0;
  // A tap before the app takes over the server's page would do nothing: wait for it.
  const live = usePageLive();
  const starting = available && !live ? true : undefined;
  const disabled = !available || saving || !live;

  return (
    <article className={s.card} aria-busy={saving || undefined}>
      <div className={s.mediaBox}>
        <ProductImage
          src={product.productImageUrls[0]}
          alt={product.name}
          width={320}
          height={320}
          sizes={sizes}
          priority={priority}
          afterFirstScreen={!priority}
          className={s.image}
        />
      </div>
      <div className={s.body}>
        <Heading className={s.name}>
          <Link to="/product/$id" params={{ id: productAddress(product) }} className={s.link}>
            {product.name}
          </Link>
        </Heading>
        <Price value={product.price} className={s.price} />
        <p className={available ? s.inStock : s.outOfStock}>{available ? 'In Stock' : 'Out of Stock'}</p>
        <div className={s.actions}>
          <button
            type="button"
            className={`${button({ tone: 'quiet' })} ${s.actionButton}`}
            aria-label={`${CATALOGUE_TEXTS.addToCart}: ${product.name}`}
            disabled={disabled}
            data-starting={starting}
            onClick={() => void useCart.getState().add(product, 1)}
          >
            {CATALOGUE_TEXTS.addToCart}
          </button>
          <button
            type="button"
            className={`${button({ tone: 'primary' })} ${s.actionButton}`}
            aria-label={`${CATALOGUE_TEXTS.buyNow}: ${product.name}`}
            disabled={disabled}
            data-starting={starting}
            onClick={() => void buyNow(product, 1)}
          >
            {CATALOGUE_TEXTS.buyNow}
          </button>
        </div>
      </div>
    </article>
  );
}

/** A card-sized placeholder: the same box as a card, so nothing moves when the products land. */
function ProductCardSkeleton() {
  return (
    <div className={s.card} data-testid="product-card-skeleton" aria-hidden="true">
      <div className={s.mediaBox} />
      <div className={s.skeletonLines}>
        <Skeleton height="1.1em" width="85%" />
        <Skeleton height="1.1em" width="40%" />
        <Skeleton height="0.9em" width="30%" />
        <Skeleton height="44px" />
        <Skeleton height="44px" />
      </div>
    </div>
  );
}

/** `count` card placeholders in the list the cards will fill (its class, and its items' when they have one). */
export function ProductCardSkeletons({ count, itemClassName, ...list }: { count: number; itemClassName?: string } & HTMLAttributes<HTMLUListElement>) {
  return (
    <ul {...list}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={i} className={itemClassName}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
