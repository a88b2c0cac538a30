import { useState } from 'react';
import { srcSetOf } from '@/shared/product-images';
import { useFirstScreenPainted } from '../lib/first-screen';

/** A placeholder for products without images: a plain leaf-green tile (inline, nothing to download). */
const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 4'%3E%3Crect width='4' height='4' fill='%23e8e0cc'/%3E%3C/svg%3E";

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  /** Rendered size in CSS pixels, for the layout (no shift while loading). */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  /** The page's main image: fetched first, never lazy. */
  priority?: boolean;
  /** Fetched only once the first screen has been painted (a listing's other cards). */
  afterFirstScreen?: boolean;
  className?: string;
}

/**
 * A product's image at the width the screen wants (its srcset). One that cannot load (offline, a
 * picture this phone never kept in any width: the service worker answers any width it keeps) shows
 * the placeholder tile, not the browser's broken-image icon.
 */
export function ProductImage({ src, alt, width, height, sizes, priority = false, afterFirstScreen = false, className }: ProductImageProps) {
  const painted = useFirstScreenPainted();
  const [failed, setFailed] = useState<string | null>(null);
  if ((afterFirstScreen && !painted) || src === failed) src = null;
  const url = src || PLACEHOLDER_IMAGE;
  return (
    <img
      src={url}
      srcSet={src ? srcSetOf(src) : undefined}
      sizes={src ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      // The page's main image paints with the frame that shows it; the others may decode later.
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      onError={src ? () => setFailed(src) : undefined}
    />
  );
}
