import { useId, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { errorText } from '@/client/components/primitives.css';
import { useCatalogueCopy } from '@/client/lib/catalogue-copy-store';
import { importCatalogueCopy } from '@/client/lib/use-phone-copy';
import { LISTING_TEXTS } from '../listing-texts';
import * as s from './listing.css';

/**
 * "Save the shop for offline use", at the foot of a listing, where the phone's copy matters: shown
 * when its first download waits (Save-Data or a slow connection, until Wi-Fi) or failed, so the
 * shopper may start it. Says when it is under way and when it is done.
 */
export function SaveOffline() {
  const download = useCatalogueCopy((state) => state.download);
  const saved = useCatalogueCopy((state) => state.kept === 'saved');
  const [asked, setAsked] = useState(false);
  const whyId = useId();
  if (!asked && download !== 'waiting' && download !== 'failed') return null;
  return (
    <section className={s.saveOffline} aria-label={LISTING_TEXTS.saveOffline}>
      <p role="status" className={download === 'failed' ? errorText : s.saveOfflineText} id={whyId}>
        {download === 'running'
          ? LISTING_TEXTS.savingOffline
          : download === 'failed'
            ? LISTING_TEXTS.saveOfflineFailed
            : saved
              ? LISTING_TEXTS.savedOffline
              : LISTING_TEXTS.saveOfflineWhy}
      </p>
      {(download === 'waiting' || download === 'failed') && (
        <button
          type="button"
          className={button({ tone: 'quiet', size: 'sm' })}
          aria-describedby={whyId}
          onClick={() => {
            setAsked(true);
            // The copy's code is not in the listing's start-up code; the app fetched it in idle time.
            void importCatalogueCopy().then((copy) => copy.saveShopForOffline());
          }}
        >
          {LISTING_TEXTS.saveOffline}
        </button>
      )}
      {download === 'running' && <Busy />}
    </section>
  );
}
