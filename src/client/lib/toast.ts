import type * as HotToast from 'react-hot-toast';

/**
 * The app's toasts: react-hot-toast's `toast`, loaded after the first screen rather than with it
 * (about 5 KB gzip of the home page's start-up, issue 44). A toast asked for before the library has
 * arrived is shown as soon as it has, with the id it was given (or one made here), so `dismiss` and a
 * repeated id still find it. Once loaded, every call goes straight to the library.
 */
type Library = typeof HotToast;
type Message = Parameters<Library['toast']>[0];
type Options = Parameters<Library['toast']>[1];

let library: Library | undefined;
let loading: Promise<Library> | undefined;
let madeIds = 0;

/**
 * One toast at a time of each kind: a toast shown with the id of one on screen replaces it (and
 * starts its time again) rather than stack under it: a second add, every tap on + and − in the cart.
 * The toaster (components/shop-toasts.tsx) adds 'View cart' to `cartAdded`.
 */
export const TOAST_IDS = { cartAdded: 'cart-added', cartQuantity: 'cart-quantity', cartRemoved: 'cart-removed', cartCleared: 'cart-cleared' } as const;

/** Loads the toast library (once); the toaster (components/toaster.tsx) and tests wait on it. */
export function loadToasts(): Promise<Library> {
  loading ??= import('react-hot-toast').then((loaded) => {
    library = loaded;
    return loaded;
  });
  return loading;
}

function show(kind: 'blank' | 'success' | 'error', message: Message, options?: Options): string {
  const call = (lib: Library, opts?: Options) => (kind === 'blank' ? lib.toast(message, opts) : lib.toast[kind](message, opts));
  if (library) return call(library, options);
  madeIds += 1;
  const id = options?.id ?? `toast-early-${madeIds}`;
  void loadToasts().then((lib) => call(lib, { ...options, id }));
  return id;
}

export const toast = Object.assign((message: Message, options?: Options) => show('blank', message, options), {
  success: (message: Message, options?: Options) => show('success', message, options),
  error: (message: Message, options?: Options) => show('error', message, options),
  dismiss(id?: string): void {
    if (library) library.toast.dismiss(id);
    else void loadToasts().then((lib) => lib.toast.dismiss(id));
  },
});
