import { useEffect, useMemo } from 'react';
import { useStockLevels } from '@/client/lib/queries/stock';
import { type CartItem, useCart } from '@/client/stores/cart';
import { MAX_STOCK_IDS } from '@/shared/catalogue';

/**
 * The cart's lines with their stock as it is now (`GET /stock?ids=`): a guest's lines keep the stock
 * of when they were added, maybe days ago, and the cart's notes ('Only 3 items available in stock')
 * and limits read it. A product the answer leaves out no longer exists: nothing of it can be had.
 */
export function useFreshCartStock(items: readonly CartItem[]): void {
  const key = items.map((item) => item.productId).join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const { levels, answered } = useStockLevels(ids);
  useEffect(() => {
    if (!answered) return;
    // Beyond the most one call answers, a line left out was not asked about.
    const stockOf = (item: CartItem) => levels.get(item.productId)?.stock ?? (ids.length > MAX_STOCK_IDS ? item.stock : 0);
    if (useCart.getState().items.every((item) => item.stock === stockOf(item))) return;
    useCart.setState((state) => ({ items: state.items.map((item) => (item.stock === stockOf(item) ? item : { ...item, stock: stockOf(item) })) }));
  }, [levels, answered, ids]);
}
