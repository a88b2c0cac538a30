import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The common layout (placeholder until the layout is built): top bar, page, footer. */
export function SiteLayout({ children }: { search?: ReactNode; children: ReactNode }) {
  return (
    <>
      <header>
        <Link to="/">Nkuto Naturals</Link>
      </header>
      <main id="main">{children}</main>
    </>
  );
}
