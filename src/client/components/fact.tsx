import type { ReactNode } from 'react';
import * as styles from './fact.css';

/** A description list of short facts (each a <Fact>): the label small above its value. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className={styles.list}>{children}</dl>;
}

/** One fact of a <FactList>: its label (dt) and value (dd), grouped so they stay together in the grid. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}
