/** The checkout's own words beyond the spec (its delivery words are in lib/delivery.ts's CHECKOUT_DELIVERY_TEXTS). */
export const CHECKOUT_TEXTS = {
  /** Under the summary's total while the goods are short of the chosen option's free-delivery amount. */
  freeDeliveryGap: (amount: string) => `Add ${amount} more for free delivery.`,
  /** The same before an option is chosen, naming the option that would be free. */
  freeDeliveryGapWith: (amount: string, option: string) => `Add ${amount} more for free delivery (${option}).`,
} as const;
