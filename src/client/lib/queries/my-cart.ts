import { queryOptions } from '@tanstack/react-query';
import { getMyCart } from '../api/get-my-cart';

/**
 * The signed-in customer's server cart. The cart store (stores/cart.ts) reads it and shows each
 * answer; while the app runs it is read again when the shopper comes back to the app or the
 * network returns, once 30 s old, so a change made on another device shows. No user in the key:
 * the cache forgets everyone's own answers on sign-in and sign-out (query-client.ts forgetPrivateQueries).
 */
export const myCartQuery = () => queryOptions({ queryKey: ['my', 'cart'] as const, queryFn: getMyCart, refetchOnWindowFocus: true, refetchOnReconnect: true });
