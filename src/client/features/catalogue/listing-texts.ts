/**
 * Words of the listings and of saving the shop for offline use. Apart from texts.ts, whose words the
 * product card shows on the home page: these stay out of the home page's start-up code.
 */
export const LISTING_TEXTS = {
  loadMore: 'Load more products',
  /** Offline, or the network failed: the listing is the phone's copy. */
  fromCopy: 'Showing the shop as saved on this phone.',
  /** The copy waits for Wi-Fi (Save-Data or a slow connection): the shopper may ask for it. */
  saveOffline: 'Save the shop for offline use',
  saveOfflineWhy: 'Keep every product on this phone, to browse and search the shop without a connection. This downloads the whole catalogue once.',
  savingOffline: 'Saving the shop on this phone…',
  savedOffline: 'The shop is saved on this phone: you can browse it offline.',
  saveOfflineFailed: 'The shop could not be saved on this phone. Check the connection and try again.',
} as const;
