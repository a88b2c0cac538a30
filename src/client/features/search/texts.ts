/** Words the search pages show. */
export const SEARCH_TEXTS = {
  loadMore: 'Load more results',
  /** Offline, or the network failed: the results are the phone's copy's. */
  fromCopy: 'Results from the shop as saved on this phone.',
  /** Under the spec's 'No products found': the ways on from there. */
  noResultsHelp: 'Check the spelling or try another word, ask us, or browse the shop.',
  askOnWhatsapp: 'Ask us on WhatsApp',
  opensInNewTab: '(opens in a new tab)',
  /** The chat's first message, the shopper's words filled in (they can change it before sending). */
  whatsappMessage: (shopName: string, query: string) => `Hello ${shopName}, I am looking for "${query}" and could not find it in the shop. Do you have it?`,
  categoriesHeading: 'Shop by category',
  bestSellersHeading: 'Best Sellers',
} as const;
