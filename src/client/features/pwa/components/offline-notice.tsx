import { useEffect, useState } from 'react';
import { Stroke } from '@/client/components/icons';
import { useCatalogueCopy } from '@/client/lib/catalogue-copy-store';
import { timeAgo } from '@/client/lib/format-date';
import { queuedOrdersOf, useOutbox } from '@/client/stores/outbox';
import { useSession } from '@/client/stores/session';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import * as styles from './offline-banner.css';

export interface OfflineNoticeProps {
  message?: string;
  catalogueAge?: boolean;
}

/**
 * What the offline bar says (offline-banner.tsx draws the bar and loads this once the phone is
 * offline): what still works, how many of the shopper's orders wait to be sent and, with
 * `catalogueAge` (the storefront), how old the prices and stock on screen are.
 */
export function OfflineNotice({ message = PAGE_MESSAGES.offline, catalogueAge = false }: OfflineNoticeProps) {
  const userId = useSession((s) => s.session?.userId ?? null);
  // An order waiting for the shopper's answer (its delivery changed) is not sent on reconnecting.
  const waiting = useOutbox((s) => queuedOrdersOf(s.entries, userId).filter((o) => !o.awaitingConfirmation).length);
  return (
    <>
      <Stroke
        className={styles.icon}
        d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 4-2.3M14.6 10.4a10 10 0 0 1 4.4 2.2M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18"
      />
      <p className={styles.text}>
        {message}
        {waiting > 0 ? ` ${PAGE_MESSAGES.ordersWaiting(waiting)}` : ''}
        {catalogueAge && <CatalogueAge />}
      </p>
    </>
  );
}

const MINUTE_MS = 60_000;

/** ' Prices and stock as of 12 minutes ago.': when the phone's copy of the catalogue last matched the shop's, kept current each minute. */
function CatalogueAge() {
  const syncedAt = useCatalogueCopy((state) => state.syncedAt);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  if (syncedAt === null) return null;
  return <> {PAGE_MESSAGES.catalogueAsOf(timeAgo(syncedAt, now))}</>;
}
