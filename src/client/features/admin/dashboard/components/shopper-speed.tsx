import { useQuery } from '@tanstack/react-query';
import { listStateOf } from '@/client/components/admin-list';
import { numeric, td } from '@/client/components/data-table.css';
import { LoadFailure } from '@/client/components/load-failure';
import { PanelTable } from '@/client/components/panel-table';
import { Skeleton } from '@/client/components/skeleton';
import { type BadgeTone, StatusBadge } from '@/client/components/status-badge';
import { type ShopperSpeed, type ShopperSpeedPage, VITALS_METRICS, VITALS_ROUTE_LABELS, type VitalsMetric, type VitalsRating } from '@/shared/vitals';
import { shopperSpeedQuery } from '../api/get-shopper-speed';
import { SHOPPER_SPEED_TEXTS as TEXTS } from '../texts';
import * as styles from './dashboard.css';
import { PanelEmpty } from './dashboard-panel';
import * as speedStyles from './shopper-speed.css';

const TONES: Record<VitalsRating, BadgeTone> = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' };

const seconds = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const score = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/** A p75 as the owner reads it: 180 ms, 2.45 s, or CLS's plain score. */
export function speedFigure(metric: VitalsMetric, value: number): string {
  if (metric === 'CLS') return score.format(value);
  return value < 1000 ? `${Math.round(value)} ms` : `${seconds.format(value / 1000)} s`;
}

const COLUMNS = [TEXTS.page, ...VITALS_METRICS.map((metric) => TEXTS.metricNames[metric]), TEXTS.visits];

/** "How fast your shop is for shoppers": per page, the 28-day p75 of each metric, rated in words and colour. */
export function ShopperSpeedCard() {
  const query = useQuery(shopperSpeedQuery());
  const { answer, failure } = listStateOf(query);
  return (
    <section className={`${styles.panel} ${speedStyles.card}`} aria-labelledby="shopper-speed-title">
      <h2 id="shopper-speed-title" className={styles.panelTitle}>
        {TEXTS.title}
      </h2>
      {answer !== undefined ? (
        <SpeedTable speed={answer} />
      ) : failure ? (
        <LoadFailure message={TEXTS.loadFailed} failure={failure} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            {TEXTS.loading}
          </p>
          <Skeleton height="120px" />
        </div>
      )}
    </section>
  );
}

function SpeedTable({ speed }: { speed: ShopperSpeed }) {
  return (
    <PanelTable
      labelledBy="shopper-speed-title"
      describedBy="shopper-speed-intro"
      columns={COLUMNS}
      numeric={[TEXTS.visits]}
      rows={speed.pages}
      intro={
        <p id="shopper-speed-intro" className={styles.panelNote}>
          {TEXTS.intro(speed.days)}
        </p>
      }
      empty={
        <>
          <PanelEmpty>{TEXTS.empty}</PanelEmpty>
          <p className={styles.panelNote}>{TEXTS.emptyNote}</p>
        </>
      }
      row={(page) => <SpeedRow key={page.route} page={page} />}
    />
  );
}

function SpeedRow({ page }: { page: ShopperSpeedPage }) {
  return (
    <tr>
      <th scope="row" className={`${td} ${styles.rowHeader}`}>
        {VITALS_ROUTE_LABELS[page.route]}
      </th>
      {VITALS_METRICS.map((metric) => {
        const measured = page.metrics[metric];
        return (
          <td key={metric} className={td} data-metric={metric}>
            {measured ? (
              <span className={speedStyles.cell}>
                <span className={speedStyles.figure}>{speedFigure(metric, measured.p75)}</span>
                <StatusBadge text={TEXTS.ratings[measured.rating]} tone={TONES[measured.rating]} />
                <span className={speedStyles.basedOn}>{TEXTS.basedOn(measured.samples)}</span>
              </span>
            ) : (
              <span className={speedStyles.basedOn}>{TEXTS.notMeasured}</span>
            )}
          </td>
        );
      })}
      <td className={`${td} ${numeric}`}>{new Intl.NumberFormat('en-GB').format(page.visits)}</td>
    </tr>
  );
}
