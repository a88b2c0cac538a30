import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Breadcrumb } from '@/client/components/breadcrumb';
import { button } from '@/client/components/button';
import { Stroke } from '@/client/components/icons';
import { Price } from '@/client/components/price';
import { breadcrumb, container } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { Skeleton } from '@/client/components/skeleton';
import { metaDescription, useDocumentHead, useShopName } from '@/client/lib/head';
import { useHttpStatus, usePageLive, usePageOrigin } from '@/client/lib/page-context';
import { productQuery } from '@/client/lib/queries/catalogue';
import { useStockLevels } from '@/client/lib/queries/stock';
import { toast } from '@/client/lib/toast';
import { useProductPage } from '@/client/lib/use-product-page';
import { cartSaveKey, ownOrderLimit, useCart } from '@/client/stores/cart';
import { mostPerOrder, SHOP_CATEGORIES } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { productAddress, productPath } from '@/shared/product-address';
import { IMAGE_SIZES, SHARE_IMAGE, shareImageOf } from '@/shared/product-images';
import type { Product } from '@/shared/types';
import { pickRandom, useVisitSeed } from '../lib/random';
import { similarProductsQuery } from '../lib/section-queries';
import { CATALOGUE_TEXTS } from '../texts';
import { ProductCardSkeletons, useBuyNow } from './product-card';
import { grid } from './product-card.css';
import { LoadError, ProductGrid } from './product-grid';
import * as s from './product-page.css';

/** Spec section 9: up to 4 random similar products, 4 skeletons while loading. */
const SIMILAR_COUNT = 4;

type ProductState = { kind: 'loading' } | { kind: 'ready'; product: Product } | { kind: 'not-found' } | { kind: 'error'; message: string; retry: () => void };

/**
 * The product: from the phone's copy when it has it, else `GET /getSingleProductById/{slug}`
 * (productQuery); a 404 means the product does not exist. Its stock is asked for apart (`GET /stock`),
 * so it is right even when the copy's data is minutes old: a product the answer leaves out is gone.
 */
function useProduct(address: string): ProductState {
  const fetched = useQuery(productQuery(address));
  const product = fetched.data;
  const { levels, answered } = useStockLevels(product ? [product._id] : NO_IDS);
  if (product) {
    const level = levels.get(product._id);
    if (!answered) return { kind: 'ready', product };
    return { kind: 'ready', product: { ...product, stock: level?.stock ?? 0, unitsSold: level?.unitsSold ?? product.unitsSold } };
  }
  const failure = fetched.isFetching ? null : fetched.error;
  if (failure && (failure.status === 404 || failure.status === 400)) return { kind: 'not-found' };
  if (failure) return { kind: 'error', message: failure.message, retry: () => void fetched.refetch() };
  return { kind: 'loading' };
}

const NO_IDS: readonly string[] = [];

/**
 * A page opened by the product's id or an old address moves to its address now, in place (the
 * server answers those with a 301, but the service worker draws every page itself, offline too).
 */
function useProductAddress(address: string, product: Product | undefined): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = product ? productAddress(product) : address;
  useEffect(() => {
    if (!product || current === address) return;
    // The page at the new address has the product at once: no skeleton between the two.
    queryClient.setQueryData(productQuery(current).queryKey, product);
    void navigate({ to: '/product/$id', params: { id: current }, replace: true, search: true });
  }, [address, current, product, navigate, queryClient]);
}

/** /product/{slug} (or an id, a phone's copy from before slugs). A new address is a new page: gallery and quantity start over. */
export function ProductPage({ id }: { id: string }) {
  return <ProductScreen key={id} address={id} />;
}

function ProductScreen({ address }: { address: string }) {
  const state = useProduct(address);
  useProductAddress(address, state.kind === 'ready' ? state.product : undefined);
  return (
    <div className={`${container} ${s.page}`}>
      {state.kind === 'ready' ? (
        <ProductDetails product={state.product} />
      ) : state.kind === 'not-found' ? (
        <NotFound />
      ) : state.kind === 'error' ? (
        <ProductError message={state.message} retry={state.retry} />
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}

function NotFound() {
  useHttpStatus(404);
  useDocumentHead({ page: 'Product not found', description: MESSAGES.productNotFound });
  return (
    <>
      <Breadcrumb
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Products', to: '/products' },
        ]}
      />
      <div className={s.notFound}>
        <h1>{MESSAGES.productNotFound}</h1>
        <Link to="/products" className={button({ tone: 'primary' })}>
          {CATALOGUE_TEXTS.browseAll}
        </Link>
      </div>
    </>
  );
}

function ProductError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className={s.notFound}>
      <h1 className="visually-hidden">Product</h1>
      <LoadError message={message} onRetry={retry} />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div aria-hidden="true">
        {/* Shaped like the page (breadcrumb, gallery and details, similar products), so nothing moves when it lands. */}
        <div className={breadcrumb}>
          <Skeleton height="1.5em" width="16rem" />
        </div>
        <div className={s.layout}>
          <div className={s.mainImageBox} />
          <div className={s.skeletonInfo}>
            <Skeleton height="2rem" width="80%" />
            <Skeleton height="1.6rem" width="30%" />
            <Skeleton height="1rem" width="25%" />
            <Skeleton height="5rem" />
            <Skeleton height="44px" width="12rem" />
            <Skeleton height="44px" />
          </div>
        </div>
        <div className={s.similar}>
          <Skeleton height="1.75rem" width="12rem" />
          <ProductCardSkeletons className={grid} style={{ marginTop: 16 }} count={SIMILAR_COUNT} />
        </div>
      </div>
    </div>
  );
}

function categoryOf(product: Product) {
  return SHOP_CATEGORIES.find((c) => c.category === product.category);
}

/** schema.org Product data for search engines; `<` escaped so the text can never close the element. */
function productJsonLd(product: Product, url: string, origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url,
    description: product.description,
    image: product.productImageUrls.map((image) => new URL(image, origin).href),
    sku: product._id,
    category: product.category,
    ...(product.rating !== null && product.ratingCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.ratingCount } }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'GHS',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function ProductDetails({ product }: { product: Product }) {
  const origin = usePageOrigin();
  const shopName = useShopName();
  const url = new URL(productPath(product), origin).href;
  const shareImage = shareImageOf(product.productImageUrls[0] ?? '');
  useDocumentHead({
    page: product.name,
    description: metaDescription(product.description || `${product.name} from ${shopName}`),
    image: shareImage ? { url: new URL(shareImage, origin).href, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, alt: product.name } : undefined,
    type: 'product',
    url,
    offer: { price: product.price, currency: 'GHS', inStock: product.stock > 0 },
  });
  const category = categoryOf(product);
  const categoryLabel = category?.label ?? product.category;

  return (
    <>
      <Breadcrumb
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Products', to: '/products' },
          { label: categoryLabel, to: category ? `/${category.slug}` : undefined },
          { label: product.name },
        ]}
      />
      <div className={s.layout}>
        <Gallery product={product} />
        <div className={s.info}>
          <h1 className={s.name}>{product.name}</h1>
          <Price value={product.price} className={s.price} />
          <p className={s.category}>
            Category:{' '}
            {category ? (
              <Link to={`/${category.slug}`} resetScroll>
                {categoryLabel}
              </Link>
            ) : (
              categoryLabel
            )}
          </p>
          {product.description && <p className={s.description}>{product.description}</p>}
          <p className={product.stock > 0 ? s.inStock : s.outOfStock}>{product.stock > 0 ? `In stock: ${product.stock}` : 'Out of stock'}</p>
          <Purchase product={product} />
          <ShareLinks name={product.name} url={url} />
        </div>
      </div>
      <SimilarProducts product={product} />
      <script type="application/ld+json">{productJsonLd(product, url, origin)}</script>
    </>
  );
}

function Gallery({ product }: { product: Product }) {
  const images = product.productImageUrls;
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  const many = images.length > 1;
  return (
    <div className={s.gallery}>
      <div className={s.mainImageBox}>
        <ProductImage
          src={current}
          alt={many ? `${product.name}, image ${selected + 1} of ${images.length}` : product.name}
          width={640}
          height={640}
          sizes={IMAGE_SIZES.productMain}
          priority
          className={s.mainImage}
        />
      </div>
      {many && (
        <ul className={s.thumbs} aria-label="Product images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={s.thumb}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === selected}
                onClick={() => setSelected(i)}
              >
                <ProductImage src={src} alt="" width={80} height={80} sizes="80px" className={s.thumbImage} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Quantity 1..min(stock, 100, the product's own "most per order"); a bad entry is refused with the
 * spec's text (or the limit's) and the last good value comes back.
 */
function Purchase({ product }: { product: Product }) {
  const available = product.stock > 0;
  const max = Math.max(1, mostPerOrder(product));
  const ownLimit = ownOrderLimit(product);
  const { quantity, draft, setDraft, commit, onKeyDown } = useQuantityEntry(product, max, ownLimit);
  const saving = useIsMutating({ mutationKey: cartSaveKey(product._id) }) > 0;
  const buyNow = useBuyNow();
  const inputId = useId();
  const limitId = useId();
  /** Set while a pointer presses Add to Cart or Buy Now: the button then checks the entry itself. */
  const pressing = useRef(false);

  const leave = () => {
    if (pressing.current) return;
    if (draft !== String(quantity)) commit();
  };

  const addToCart = () => {
    pressing.current = false;
    const n = commit();
    if (n !== null) void useCart.getState().add(product, n);
  };
  const buy = () => {
    pressing.current = false;
    const n = commit();
    if (n !== null) void buyNow(product, n);
  };

  // Before the app takes over the server's page, a typed quantity would be lost: wait for it.
  const live = usePageLive();
  const starting = available && !live ? true : undefined;
  const buttonState = { disabled: !available || saving || !live, 'data-starting': starting };
  return (
    <>
      <div className={s.quantityField}>
        <label htmlFor={inputId}>Quantity</label>
        <input
          id={inputId}
          className={s.quantityInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          disabled={!available || !live}
          data-starting={starting}
          aria-describedby={available && ownLimit !== null ? limitId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={leave}
          onKeyDown={onKeyDown}
        />
        {available && ownLimit !== null && (
          <span id={limitId} className={s.limitNote}>
            {MESSAGES.atMostPerOrder(ownLimit)}
          </span>
        )}
      </div>
      <div
        className={s.actions}
        aria-busy={saving || undefined}
        onPointerDown={() => {
          pressing.current = true;
        }}
        onPointerUp={() => {
          // A press that ends without a click (dragged off, disabled button) checks nothing: clear it soon.
          setTimeout(() => {
            pressing.current = false;
          });
        }}
      >
        <button type="button" className={button({ tone: 'quiet', block: true })} {...buttonState} onClick={addToCart}>
          {CATALOGUE_TEXTS.addToCart}
        </button>
        <button type="button" className={button({ tone: 'primary', block: true })} {...buttonState} onClick={buy}>
          {CATALOGUE_TEXTS.buyNow}
        </button>
      </div>
    </>
  );
}

/** The typed quantity (the draft) and the last good one: Enter or a check takes the draft, or refuses it with a toast. */
function useQuantityEntry(product: Product, max: number, ownLimit: number | null) {
  const [quantity, setQuantity] = useState(1);
  const [draft, setDraft] = useState('1');

  const parse = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

  /** The quantity to use, or null (with a toast) when the entry is not acceptable. */
  const commit = (): number | null => {
    const n = parse(draft);
    if (n !== null && n >= 1 && n <= max) {
      setQuantity(n);
      setDraft(String(n));
      return n;
    }
    if (n !== null && n > max && max === product.stock) toast.error(MESSAGES.onlyNInStock(product.stock), { id: 'quantity' });
    else if (n !== null && n > max && max === ownLimit) toast.error(MESSAGES.atMostPerOrder(max), { id: 'quantity' });
    else toast.error(MESSAGES.invalidQuantity, { id: 'quantity' });
    setDraft(String(quantity));
    return null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return { quantity, draft, setDraft, commit, onKeyDown };
}

const SHARE_ICONS = {
  WhatsApp:
    'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z M8.5 8.5c.3 2.8 2.2 5 5 6l1.4-1.3 2 .9c-.2 1.2-1.2 2-2.4 1.9-3.6-.4-6.6-3.4-7-7-.1-1.2.7-2.2 1.9-2.4l.9 2z',
  Facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z',
  X: 'M4 4l16 16 M20 4L4 20',
} as const;

function ShareLinks({ name, url }: { name: string; url: string }) {
  const links = [
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${name} ${url}`)}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { network: 'X', href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(name)}` },
  ] as const;
  return (
    <div>
      <p className={s.shareLabel} id="share-label">
        Share
      </p>
      <ul className={s.share} aria-labelledby="share-label">
        {links.map((link) => (
          <li key={link.network}>
            <a className={s.shareLink} href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`Share on ${link.network} (opens in a new tab)`}>
              <Stroke className={s.shareIcon} weight={1.8} d={SHARE_ICONS[link.network]} />
              {link.network}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SimilarProducts({ product }: { product: Product }) {
  const query = useMemo(() => similarProductsQuery(product.category), [product.category]);
  const { status, products, error, retry } = useProductPage(query);
  const seed = useVisitSeed();
  const similar = useMemo(
    () =>
      pickRandom(
        products.filter((p) => p._id !== product._id),
        SIMILAR_COUNT,
        `similar-${product._id}`,
        seed,
      ),
    [products, product._id, seed],
  );
  return (
    <section className={s.similar} aria-labelledby="similar-title">
      <h2 id="similar-title" className={s.similarTitle}>
        Similar products
      </h2>
      <ProductGrid
        status={status}
        products={similar}
        error={error}
        skeletons={SIMILAR_COUNT}
        label="Similar products"
        onRetry={retry}
        empty={<p className={s.muted}>No similar products found.</p>}
      />
    </section>
  );
}
