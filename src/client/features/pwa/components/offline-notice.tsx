import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon, Stroke } from '@/client/components/icons';
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
 * offline): one line, 'You are offline.' and how many of the shopper's orders wait to be sent, so
 * the bar takes no more of a phone's screen than the top bar's edge; a tap on it (a disclosure
 * button) shows the details: what still works and, with `catalogueAge` (the storefront), how old
 * the prices and stock on screen are.
 */
export function OfflineNotice({ message = PAGE_MESSAGES.offline, catalogueAge = false }: OfflineNoticeProps) {
  const userId = useSession((s) => s.session?.userId ?? null);
  // An order waiting for the shopper's answer (its delivery changed) is not sent on reconnecting.
  const waiting = useOutbox((s) => queuedOrdersOf(s.entries, userId).filter((o) => !o.awaitingConfirmation).length);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <button type="button" className={styles.line} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
        <Stroke
          className={styles.icon}
          d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 4-2.3M14.6 10.4a10 10 0 0 1 4.4 2.2M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18"
        />
        <span className={styles.summary}>
          {PAGE_MESSAGES.offlineShort}
          {waiting > 0 ? ` · ${PAGE_MESSAGES.ordersWaitingShort(waiting)}` : ''}
        </span>
        <span className={styles.more}>
          Details
          <span className={open ? styles.chevronOpen : styles.chevron}>
            <ChevronDownIcon />
          </span>
        </span>
      </button>
      <p id={detailsId} className={styles.details} hidden={!open}>
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
