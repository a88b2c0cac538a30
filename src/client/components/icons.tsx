import type { ReactNode } from 'react';
/**
 * The shop's small inline icons (nothing to download). Decorative: the control around them carries
 * the name. They ship with the home route (the top bar, menus and dialogs use them), so an icon used
 * only on a lazily loaded page stays in that page's module: one shared module is not split per route.
 */

/**
 * The shop's icon style (24-unit grid, round strokes): one path `d`, or shapes as children. Sized by
 * `size`, else by `className`, else 24. Decorative unless `label` names it (an icon a sentence points at).
 */
export function Stroke({
  d,
  size,
  className,
  weight = 2,
  label,
  children,
}: {
  d?: string;
  size?: number;
  className?: string;
  weight?: number;
  label?: string;
  children?: ReactNode;
}) {
  const box = size ?? (className ? undefined : 24);
  return (
    <svg
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
      focusable="false"
      className={className}
      width={box}
      height={box}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d && <path d={d} />}
      {children}
    </svg>
  );
}

export const MenuIcon = () => <Stroke d="M4 6h16M4 12h16M4 18h16" />;
export const InstallIcon = () => <Stroke d="M12 3v11m-4.5-4.5L12 14l4.5-4.5M5 20h14" size={20} />;
export const CloseIcon = () => <Stroke d="M6 6l12 12M18 6 6 18" />;
export const CartIcon = () => <Stroke d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01" />;
export const UserIcon = () => <Stroke d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" size={20} />;
export const ChevronDownIcon = () => <Stroke d="m6 9 6 6 6-6" size={16} />;
export const ChatIcon = () => <Stroke d="M21 11.5a8.4 8.4 0 0 1-12.4 7.4L3 21l2-5.4A8.4 8.4 0 1 1 21 11.5zM9 10h.01M12 10h.01M15 10h.01" size={22} />;
export const EyeIcon = () => <Stroke d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" size={20} />;
export const EyeOffIcon = () => (
  <Stroke
    d="M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.6 9.6 0 0 0 4.4-1M9.9 9.9a3 3 0 0 0 4.2 4.2"
    size={20}
  />
);
