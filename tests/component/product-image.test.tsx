import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ProductImage } from '@/client/components/product-image';

it("an image that cannot load (offline, never kept in any width) shows the placeholder tile, not the browser's broken-image icon", () => {
  const { rerender } = render(<ProductImage src="/uploads/abc-640.webp" alt="Baobab Oil" width={80} height={80} sizes="80px" />);
  const img = screen.getByRole('img', { name: 'Baobab Oil' });
  expect(img).toHaveAttribute('srcset', '/uploads/abc-320.webp 320w, /uploads/abc-640.webp 640w, /uploads/abc-1200.webp 1200w');
  fireEvent.error(img);
  expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(img).not.toHaveAttribute('srcset');
  // Another picture (the gallery's next) is tried again.
  rerender(<ProductImage src="/uploads/def-640.webp" alt="Baobab Oil" width={80} height={80} sizes="80px" />);
  expect(img).toHaveAttribute('src', '/uploads/def-640.webp');
});
