import type { Product } from '@/shared/types';

/** A product as the catalogue's answers carry it, in Skin at ₵45.50, with `fields` overriding the rest. */
export const productNamed = (id: string, name: string, fields: Partial<Product> = {}): Product => ({
  _id: id,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  name,
  description: `${name}, made in Ghana.`,
  category: 'Skin',
  price: 45.5,
  stock: 10,
  productImageUrls: [`/uploads/${id.padEnd(16, '0')}-640.webp`],
  createdAt: '2025-01-01T00:00:00.000Z',
  newArrival: false,
  rating: null,
  ratingCount: 0,
  unitsSold: 0,
  maxPerOrder: null,
  ...fields,
});
