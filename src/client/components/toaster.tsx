import { lazy, Suspense } from 'react';
import { useFirstScreenPainted } from '@/client/lib/first-screen';
import { loadToasts } from '@/client/lib/toast';
import { belowTopBar } from './toaster.css';

// The library first (lib/toast.ts shows what was asked for before it came), then the shop's toaster on it.
const HotToaster = lazy(() => loadToasts().then(() => import('./shop-toasts').then((m) => ({ default: m.ShopToasts }))));

/**
 * Where toasts appear (top centre, below the top bar; they close after 3 s unless a call says otherwise, spec section 9).
 * Neither the server nor the first screen draws it: it arrives with its library once the first
 * screen is painted (lib/toast.ts), and shows any toast asked for before then.
 */
export function ShopToaster() {
  const painted = useFirstScreenPainted();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <HotToaster
        position="top-center"
        containerClassName={belowTopBar}
        toastOptions={{ duration: 3000, style: { maxWidth: '100%', boxSizing: 'border-box' } }}
      />
    </Suspense>
  );
}
