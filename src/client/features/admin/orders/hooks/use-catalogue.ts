import { useQuery } from '@tanstack/react-query';
import type { Product } from '@/shared/types';
import { catalogueQuery } from '../api/get-catalogue';

const NO_PRODUCTS: Product[] = [];

/** The whole catalogue for order entry: the query as it stands, and its products (none until they come). */
export function useCatalogue() {
  const query = useQuery(catalogueQuery());
  return { query, products: query.data ?? NO_PRODUCTS };
}
