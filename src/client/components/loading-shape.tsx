import type { ReactNode } from 'react';

/**
 * A part of the page while it loads: placeholders shaped like it (`children`, hidden from screen
 * readers, in a box of `className`), and `label` said once in a status line.
 */
export function LoadingShape({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className={className} aria-hidden="true">
        {children}
      </div>
    </div>
  );
}
