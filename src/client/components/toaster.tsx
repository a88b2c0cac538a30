import { lazy, Suspense } from 'react';
import { useFirstScreenPainted } from '@/client/lib/first-screen';
import { loadToasts } from '@/client/lib/toast';

const HotToaster = lazy(() => loadToasts().then((library) => ({ default: library.Toaster })));

/**
 * Where toasts appear (top centre; they close after 3 s unless a call says otherwise, spec section 9).
 * Neither the server nor the first screen draws it: it arrives with its library once the first
 * screen is painted (lib/toast.ts), and shows any toast asked for before then.
 */
export function ShopToaster() {
  const painted = useFirstScreenPainted();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <HotToaster position="top-center" toastOptions={{ duration: 3000 }} />
    </Suspense>
  );
}
