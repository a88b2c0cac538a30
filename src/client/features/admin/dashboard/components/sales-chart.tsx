import type { SalesDay } from '@/shared/admin-types';
import { formatCedis } from '@/shared/money';
import { dayLabel, salesSummary } from '../lib/sales-summary';
import * as styles from './dashboard.css';

/** The drawing's own units: the SVG stretches to the panel's width. */
const WIDTH = 600;
const HEIGHT = 160;
/** Room above the best day's bar. */
const HEADROOM = 8;
/** A day with any sale shows at least this high, so a small sale is not mistaken for none. */
const MIN_BAR = 2;

/**
 * The last 30 days of sales as bars (inline SVG: nothing to download). Screen readers get the
 * summary as the image's name and every day in a visually hidden table.
 */
export function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const summary = salesSummary(days);
  const top = summary.best?.total ?? 0;
  const slot = WIDTH / Math.max(days.length, 1);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <div className={styles.chart}>
      {/* The same figures as the chart's name, for sighted users. */}
      <p className={styles.chartFigures} aria-hidden="true">
        <span>
          Total <span className={styles.chartFigure}>{formatCedis(summary.total)}</span>
        </span>
        {summary.best ? (
          <span>
            Best day <span className={styles.chartFigure}>{formatCedis(summary.best.total)}</span> on {dayLabel(summary.best.date)}
          </span>
        ) : (
          <span>No sales yet</span>
        )}
      </p>
      <svg className={styles.chartSvg} role="img" aria-label={summary.text} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
        {days.map((day, index) => {
          const height = top > 0 && day.total > 0 ? Math.max(((HEIGHT - HEADROOM) * day.total) / top, MIN_BAR) : 0;
          return (
            <rect
              key={day.date}
              className={day === summary.best ? styles.bestBar : styles.bar}
              x={index * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - height}
              height={height}
              rx={2}
            >
              <title>{`${dayLabel(day.date)}: ${formatCedis(day.total)}`}</title>
            </rect>
          );
        })}
        <line className={styles.baseline} x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
      </svg>
      {first && last && (
        <div className={styles.chartAxis} aria-hidden="true">
          <span>{dayLabel(first.date)}</span>
          <span>{dayLabel(last.date)}</span>
        </div>
      )}
      <table className="visually-hidden">
        <caption>Sales by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td>{formatCedis(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
