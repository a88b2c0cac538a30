/**
 * Asks the browser once to keep this site's storage (the cart, queued orders, the catalogue) when
 * the phone runs short of space (ARCHITECTURE section 6): after the first cart add, when the shopper
 * has something to lose. Browsers decide silently (Chrome by engagement); nothing is shown either way.
 */
let asked = false;

export function requestPersistentStorage(): void {
  if (asked) return;
  asked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return;
  void storage
    .persisted()
    .then((already) => (already ? true : storage.persist()))
    .catch(() => false);
}
