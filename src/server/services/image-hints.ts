import { categoryFromSlug, PRODUCT_SORTS, type ProductSort } from '@/shared/constants';
import { IMAGE_SIZES, LISTING_EAGER_CARDS, srcSetOf } from '@/shared/product-images';
import { DEFAULT_SORT, isInCategory, sortProducts } from '@/shared/product-sort';
import type { Product } from '@/shared/types';

interface Catalogue {
  etag: string;
  products: Product[];
  byId: Map<string, Product>;
  /** The first images of each listing (path and sort) asked for since this catalogue was built. */
  listings: Map<string, string[]>;
}

/**
 * `Link: rel=preload` hints for the images a page shows first: the product page's main image, the
 * first cards of the shop and category pages. Their pages come from the server as an empty shell, so
 * without a hint a phone learns of the image only once the app has started and rendered; with one it
 * fetches the image beside the scripts and the largest paint waits for the render alone.
 * The sizes and order are the client's own (src/shared), so the browser picks the same file.
 */
export function createImageHints(loadCatalogue: () => Promise<{ etag: string; products: Product[] }>) {
  let parsed: Catalogue | undefined;

  async function catalogue(): Promise<Catalogue> {
    const { etag, products } = await loadCatalogue();
    // Once per catalogue build, not per page.
    if (parsed?.etag !== etag) parsed = { etag, products, byId: new Map(products.map((p) => [p._id, p])), listings: new Map() };
    return parsed;
  }

  const link = (url: string, sizes: string) => {
    const srcset = srcSetOf(url);
    const responsive = srcset ? `; imagesrcset="${srcset}"; imagesizes="${sizes}"` : '';
    return `<${url}>; rel=preload; as=image${responsive}; fetchpriority=high`;
  };

  /** The Link header for a client route's page, or undefined when it shows no product image first. */
  return async function imageHintsFor(urlPath: string, sortParam: string | undefined): Promise<string | undefined> {
    const [first, second, ...rest] = urlPath.split('/').filter(Boolean);
    if (!first || rest.length > 0) return undefined;
    if (first === 'product' && second) {
      const url = (await catalogue()).byId.get(second)?.productImageUrls[0];
      return url ? link(url, IMAGE_SIZES.productMain) : undefined;
    }
    const category = first === 'products' ? null : categoryFromSlug(first);
    if (second || category === undefined) return undefined;
    const sort: ProductSort = PRODUCT_SORTS.find((s) => s === sortParam) ?? DEFAULT_SORT;
    const { products, listings } = await catalogue();
    const key = `${first} ${sort}`;
    let urls = listings.get(key);
    if (!urls) {
      const listed = category ? products.filter((p) => isInCategory(p, category)) : products;
      urls = sortProducts(listed, sort)
        .slice(0, LISTING_EAGER_CARDS)
        .flatMap((p) => p.productImageUrls.slice(0, 1));
      listings.set(key, urls);
    }
    return urls.length ? urls.map((url) => link(url, IMAGE_SIZES.card)).join(', ') : undefined;
  };
}
