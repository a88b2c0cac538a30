import { Link } from '@tanstack/react-router';
import { breadcrumb, breadcrumbItem, breadcrumbList } from './primitives.css';

export interface Crumb {
  label: string;
  /** A route path; the last crumb (the current page) has none. */
  to?: string;
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={breadcrumb}>
      <ol className={breadcrumbList}>
        {crumbs.map((crumb) => (
          <li key={`${crumb.to ?? ''}|${crumb.label}`} className={breadcrumbItem}>
            {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
