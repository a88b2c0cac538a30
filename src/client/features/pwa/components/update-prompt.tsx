import { useLateComponent } from '@/client/lib/use-late-component';
import { useAppUpdate } from '@/client/stores/app-update';

const loadOffer = () => import('./update-offer').then((m) => m.UpdateOffer);

/**
 * 'New version available' (update-offer.tsx), whose code loads only once a new version is waiting:
 * it reads the checkout's store (no reload offered mid-payment), which the start-up code leaves out.
 */
export function UpdatePrompt() {
  const waiting = useAppUpdate((s) => s.apply !== null);
  const Offer = useLateComponent(waiting, loadOffer);
  return Offer ? <Offer /> : null;
}
