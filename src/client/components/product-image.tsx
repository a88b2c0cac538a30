import { IMAGE_WIDTHS } from '../../shared/constants';

/** A placeholder for products without images: a plain leaf-green tile (inline, nothing to download). */
export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 4'%3E%3Crect width='4' height='4' fill='%23e8e0cc'/%3E%3C/svg%3E";

/** `/uploads/{key}-640.webp` → the srcset of the three stored widths. */
export function srcSetOf(url: string): string | undefined {
  const match = /^(.*-)(\d+)\.webp$/.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((w) => `${match[1]}${w}.webp ${w}w`).join(', ');
}

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
  className?: string;
}

export function ProductImage({ src, alt, width, height, sizes, priority = false, className }: ProductImageProps) {
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
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
