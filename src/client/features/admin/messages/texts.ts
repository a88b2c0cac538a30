/** The messages screen's texts. */
export const MESSAGES_TEXTS = {
  loadFailed: 'Failed to load messages',
  loading: 'Loading messages',
  empty: 'No messages yet',
} as const;

/** Admin tables and lists: 10 a page (spec section 9). */
export const MESSAGES_PER_PAGE = 10;
