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

function Fill({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="currentColor">
      <path d={d} />
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

export const FacebookIcon = () => <Fill d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8H17l.7-4h-4.2V8.9c0-.6.3-.9.9-.9z" />;
export const InstagramIcon = () => (
  <Fill d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm4.9-9.1a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM12 2c-2.7 0-3 0-4.1.1C4.3 2.3 2.3 4.3 2.1 7.9 2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15 2 14.7 2 12 2zm0 1.8c2.7 0 3 0 4 .1 2.6.1 3.9 1.4 4 4 .1 1.1.1 1.4.1 4s0 3-.1 4c-.1 2.6-1.4 3.9-4 4-1 .1-1.3.1-4 .1s-3 0-4-.1c-2.6-.1-3.9-1.4-4-4-.1-1-.1-1.3-.1-4s0-3 .1-4c.1-2.6 1.4-3.9 4-4 1-.1 1.3-.1 4-.1z" />
);
export const TiktokIcon = () => (
  <Fill d="M16.6 2c.4 2.7 2 4.3 4.6 4.5v3.4c-1.7.1-3.2-.5-4.6-1.4v6.6a6 6 0 1 1-6-6c.3 0 .7 0 1 .1v3.5a2.6 2.6 0 1 0 1.8 2.5V2h3.2z" />
);
export const XIcon = () => (
  <Fill d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.5l11.2 14.5z" />
);
