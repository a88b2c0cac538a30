import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

/** The empty text of a dashboard panel, where its table would be. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** A dashboard panel: a section named by its title, with a link to the full list beside the title. */
export function DashboardPanel({ titleId, title, link, children }: { titleId: string; title: ReactNode; link: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {title}
        </h2>
        {link}
      </div>
      {children}
    </section>
  );
}
