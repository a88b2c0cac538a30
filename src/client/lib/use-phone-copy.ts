import { useEffect } from 'react';
import type { Product } from '@/shared/types';
import { useCatalogueCopy } from './catalogue-copy-store';

type CopyModule = typeof import('./catalogue-copy');

let copyModule: CopyModule | undefined;

/** The copy's code, loaded once, when first needed (it is not in the start-up code). */
export const importCatalogueCopy = (): Promise<CopyModule> =>
  import('./catalogue-copy').then((module) => {
    copyModule = module;
    return module;
  });

/**
 * The phone's copy of the catalogue while `wanted` (offline, a failed call, the search box): reads it
 * into memory the first time, and gives its products with the copy's local queries once they are
 * there; null before, when the phone has none, or when not wanted.
 */
export function usePhoneCopy(wanted: boolean): { products: readonly Product[]; copy: CopyModule } | null {
  const products = useCatalogueCopy((state) => state.products);
  useEffect(() => {
    if (wanted) void importCatalogueCopy().then((copy) => copy.loadCopy());
  }, [wanted]);
  return wanted && products && copyModule ? { products, copy: copyModule } : null;
}
