import type { ImageStore } from '@/server/services/catalogue/images';

/** Image rendering is proven by the image-store tests and the end-to-end suite; seeding tests need only the keys. */
export function countingStore(): ImageStore & { saved: number } {
  const store = {
    saved: 0,
    async save() {
      store.saved += 1;
      return store.saved.toString(16).padStart(32, '0');
    },
  };
  return store;
}
