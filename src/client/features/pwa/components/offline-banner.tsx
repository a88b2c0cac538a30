import { useLateComponent } from '@/client/lib/use-late-component';
import { useOnline } from '@/client/lib/use-online';
import * as styles from './offline-banner.css';
import type { OfflineNoticeProps } from './offline-notice';

const loadNotice = () => import('./offline-notice').then((m) => m.OfflineNotice);

/**
 * The offline indicator, under the top bar while the browser has no connection. The live region is
 * always there, so screen readers hear it appear and go. What it says (offline-notice.tsx: the
 * queued orders, the catalogue's age) loads once the phone is offline, from the service worker's
 * cache: a page that is online never needs it (the start-up code leaves it out).
 */
export function OfflineBanner(props: OfflineNoticeProps) {
  const online = useOnline();
  const Notice = useLateComponent(!online, loadNotice);
  return (
    <div role="status" className={online ? undefined : styles.banner}>
      {online || !Notice ? null : <Notice {...props} />}
    </div>
  );
}
