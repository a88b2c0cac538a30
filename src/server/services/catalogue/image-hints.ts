import { categoryFromSlug, PRODUCT_SORTS } from '@/shared/constants';
import type { PageData } from '@/shared/page-render';
import { IMAGE_SIZES, LISTING_EAGER_CARDS, srcSetOf } from '@/shared/product-images';

/** What the hints read: the same calls, and the same cached answers, as the page's own render. */
export type HintData = Pick<PageData, 'product' | 'productPage'>;

const link = (url: string, sizes: string) => {
  const srcset = srcSetOf(url);
  const responsive = srcset ? `; imagesrcset="${srcset}"; imagesizes="${sizes}"` : '';
  return `<${url}>; rel=preload; as=image${responsive}; fetchpriority=high`;
};

/**
 * `Link: rel=preload` hints for the images a page shows first: the product page's main image, the
 * first cards of the shop and category pages. Their pages come from the server as an empty shell, so
 * without a hint a phone learns of the image only once the app has started and rendered; with one it
 * fetches the image beside the scripts and the largest paint waits for the render alone.
 * The sizes are the client's own (src/shared), so the browser picks the same file; a listing's cards
 * come from its first page (GET /products, as the page itself asks for it), never the whole catalogue.
 * Undefined when the page shows no product image first.
 */
export async function imageHintsFor(urlPath: string, sortParam: string | undefined, data: HintData): Promise<string | undefined> {
  const [first, second, ...rest] = urlPath.split('/').filter(Boolean);
  if (!first || rest.length > 0) return undefined;
  if (first === 'product' && second) {
    const product = await Promise.resolve()
      .then(() => data.product(decodeURIComponent(second)))
      .catch(() => undefined);
    const url = product?.productImageUrls[0];
    return url ? link(url, IMAGE_SIZES.productMain) : undefined;
  }
  const category = first === 'products' ? undefined : categoryFromSlug(first);
  if (second || (first !== 'products' && category === undefined)) return undefined;
  const sort = PRODUCT_SORTS.find((s) => s === sortParam);
  const { data: products } = await data.productPage({ category, sort });
  const urls = products.slice(0, LISTING_EAGER_CARDS).flatMap((p) => p.productImageUrls.slice(0, 1));
  return urls.length ? urls.map((url) => link(url, IMAGE_SIZES.card)).join(', ') : undefined;
}
