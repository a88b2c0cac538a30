import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { useCart } from '../../src/client/stores/cart';
import { useCatalogueStore } from '../../src/client/stores/catalogue';
import { useCheckout } from '../../src/client/stores/checkout';
import { useSession } from '../../src/client/stores/session';
import { useShopSettingsStore } from '../../src/client/stores/settings';
import type { Product, ShopSettings } from '../../src/shared/types';

let serial = 0;
export function makeProduct(overrides: Partial<Product> = {}): Product {
  serial += 1;
  return {
    _id: `p${serial}`,
    name: `Product ${serial}`,
    description: `Description of product ${serial}`,
    category: 'Skin',
    price: 50,
    stock: 10,
    productImageUrls: [`/uploads/img${serial}-640.webp`],
    createdAt: new Date(Date.UTC(2025, 0, serial)).toISOString(),
    newArrival: false,
    rating: null,
    ratingCount: 0,
    unitsSold: 0,
    ...overrides,
  };
}

/** The shop's settings as GET /api/settings sends them: on Facebook and Instagram only. */
export const SHOP_SETTINGS: ShopSettings = {
  shopName: 'Nkuto Naturals',
  email: 'hello@nkutonaturals.com.gh',
  phone: '+233 24 123 4567',
  whatsapp: '233241234567',
  address: '14 Oxford Street, Osu, Accra, Ghana',
  logo: null,
  socials: { facebook: 'https://www.facebook.com/nkutonaturals', instagram: 'https://www.instagram.com/nkutonaturals' },
};

/** The stores as a fresh page has them: nobody signed in, an empty cart, nothing loaded. */
export function resetStores() {
  useCart.setState({ items: [], saving: [] });
  useCheckout.getState().reset();
  useSession.setState({ session: null });
  useCatalogueStore.setState({ status: 'idle', products: [], error: null });
  useShopSettingsStore.setState({ settings: null, status: 'idle' });
}

/**
 * Every test of the file on fake timers that follow the real clock (userEvent: `advanceTimers`),
 * with fresh stores; afterwards no toast, mock or fake clock is left over.
 */
export function fakeTimersAndFreshStores() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetStores();
  });

  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/**
 * Every test of the file starts with no toast and fresh stores, the guest cart gone from IndexedDB
 * too; afterwards no mock is left over.
 */
export function freshStoresAndStorage() {
  beforeEach(async () => {
    toast.remove();
    await useCart.persist.clearStorage();
    await useCheckout.persist.clearStorage();
    resetStores();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
}
