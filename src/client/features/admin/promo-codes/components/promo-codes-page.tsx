import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { listStateOf } from '@/client/components/admin-list';
import { LoadFailure } from '@/client/components/load-failure';
import { LoadingShape } from '@/client/components/loading-shape';
import { PanelTable } from '@/client/components/panel-table';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import { promoCodesQuery } from '../api/get-promo-codes';
import { PROMO_TEXTS } from '../texts';
import { AddPromoCodeForm } from './add-promo-code-form';
import { PROMO_COLUMNS, PromoCodeRow } from './promo-code-row';
import * as styles from './promo-codes.css';

/** /admin/promo-codes: the codes checkout accepts, a form to add one, and each one's changes. */
export function PromoCodesPage() {
  usePageTitle('Promo Codes - Admin');
  // Every change answers the whole list, which becomes this query's data: from then on it is the one shown.
  const query = useQuery(promoCodesQuery());
  const { answer, failure } = listStateOf(query);
  const retry = () => void query.refetch();
  const codes = answer ?? null;
  const listTitle = useRef<HTMLHeadingElement>(null);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>Promo Codes</h1>
        <p className={styles.lead}>
          Shoppers type these codes at checkout for a discount on their subtotal. A deactivated or deleted code stops working at once; orders already placed
          keep their discount. A code can also have a first and last day, a number of uses in all, and one use per customer: a code that is expired, not started
          or used up is refused as 'Invalid promo code'.
        </p>
      </div>
      <section className={styles.panel} aria-labelledby="add-promo-title">
        <h2 id="add-promo-title" className={styles.panelTitle}>
          Add a promo code
        </h2>
        <AddPromoCodeForm />
      </section>
      <section className={styles.panel} aria-labelledby="promo-list-title">
        <h2 id="promo-list-title" ref={listTitle} tabIndex={-1} className={styles.panelTitle}>
          All promo codes
        </h2>
        {codes ? (
          <PanelTable
            labelledBy="promo-list-title"
            columns={PROMO_COLUMNS}
            rows={codes}
            empty={<p className={styles.empty}>{PROMO_TEXTS.empty}</p>}
            row={(promo) => (
              <PromoCodeRow
                key={promo.code}
                promo={promo}
                onDeleted={() => {
                  // The row and its buttons are gone: the list keeps the focus.
                  listTitle.current?.focus();
                }}
              />
            )}
          />
        ) : failure ? (
          <LoadFailure message={PROMO_TEXTS.loadFailed} failure={failure} onRetry={retry} />
        ) : (
          <LoadingShape label={PROMO_TEXTS.loading} className={styles.header}>
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
            <Skeleton height="2.75rem" />
          </LoadingShape>
        )}
      </section>
    </div>
  );
}
