import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as styles from './dashboard.css';

/** The empty text of a dashboard panel, where its table would be. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

interface DashboardPanelProps {
  titleId: string;
  title: ReactNode;
  /** Where the full list is, and the link's words. */
  link: LinkProps & { text: string };
  children: ReactNode;
}

/** A dashboard panel: a section named by its title, with a link to the full list beside the title. */
export function DashboardPanel({ titleId, title, link: { text, ...to }, children }: DashboardPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {title}
        </h2>
        <Link {...to} className={styles.panelLink}>
          {text}
        </Link>
      </div>
      {children}
    </section>
  );
}
