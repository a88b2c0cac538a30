import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { productId, quantity } from './fields';

export const addToCartSchema = z.object({ productId: productId(), quantity: quantity(1) });
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** Absolute quantity; 0 removes the line. Idempotent, so the offline outbox can replay it. */
export const setCartItemSchema = z.object({ productId: productId(), quantity: quantity(0) });
export type SetCartItemInput = z.infer<typeof setCartItemSchema>;

export const updateCartItemSchema = z.object({ quantity: quantity(0) });

export const mergeCartSchema = z.object({
  items: z
    .array(z.object({ productId: productId(), quantity: quantity(1) }))
    .check(z.maxLength(LIMITS.maxMergeLines, `At most ${LIMITS.maxMergeLines} lines.`)),
});
export type MergeCartInput = z.infer<typeof mergeCartSchema>;
