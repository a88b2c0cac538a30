import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type CartProduct, useCart } from '@/client/stores/cart';
import { freshStoresAndStorage } from './fixtures';

/** Persistent storage (ARCHITECTURE section 6) is asked for once, after the first cart add, when the shopper has something to lose. */

const shea: CartProduct = { _id: 'p-shea', name: 'Raw Shea Butter', price: 45.5, stock: 5, productImageUrls: [] };

freshStoresAndStorage();

describe('persistent storage', () => {
  it('is requested after the first cart add, and only once', async () => {
    const persist = vi.fn(async () => true);
    const persisted = vi.fn(async () => false);
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist, persisted } });

    expect(persist).not.toHaveBeenCalled();
    await act(() => useCart.getState().add(shea, 1));
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await act(() => useCart.getState().add(shea, 1));
    await act(() => useCart.getState().setQuantity('p-shea', 3));
    expect(persisted).toHaveBeenCalledTimes(1);
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
