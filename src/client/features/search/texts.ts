/** Words the search pages show. */
export const SEARCH_TEXTS = {
  loadMore: 'Load more results',
  /** Offline, or the network failed: the results are the phone's copy's. */
  fromCopy: 'Results from the shop as saved on this phone.',
} as const;
