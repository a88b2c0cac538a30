import type { ReactNode } from 'react';

/**
 * The app's one icon set: small inline icons (nothing to download), 24-unit outlines drawn in the
 * text's colour. Decorative: the control or the text beside them carries the name. Drawings that
 * are part of one page's art (the category tiles, the empty cart, the checkout notices, the share
 * links, the hero) stay with that page.
 */

type IconProps = { size?: number; className?: string };

function Stroke({ d, size = 24, className, children }: { d?: string; children?: ReactNode } & IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      width={className ? undefined : size}
      height={className ? undefined : size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d ? <path d={d} /> : children}
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

export const MenuIcon = ({ size }: IconProps) => <Stroke d="M4 6h16M4 12h16M4 18h16" size={size} />;
export const InstallIcon = () => <Stroke d="M12 3v11m-4.5-4.5L12 14l4.5-4.5M5 20h14" size={20} />;
export const CloseIcon = () => <Stroke d="M6 6l12 12M18 6 6 18" />;
export const CartIcon = () => <Stroke d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9a1 1 0 0 0 1-.8L20 8H6.2M9 20h.01M17 20h.01" />;
export const UserIcon = () => <Stroke d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" size={20} />;
export const ChevronDownIcon = () => <Stroke d="m6 9 6 6 6-6" size={16} />;
export const ChatIcon = () => <Stroke d="M21 11.5a8.4 8.4 0 0 1-12.4 7.4L3 21l2-5.4A8.4 8.4 0 1 1 21 11.5zM9 10h.01M12 10h.01M15 10h.01" size={22} />;
export const SearchIcon = () => <Stroke d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4.2-4.2" size={22} />;
export const TrashIcon = () => <Stroke d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" size={18} />;
export const HomeIcon = () => <Stroke d="M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-6h4v6h4.5V9.5" size={20} />;
export const LogoutIcon = () => <Stroke d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" size={20} />;
export const PhoneIcon = () => (
  <Stroke
    d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"
    size={20}
  />
);
/** The chat bubble without the dots (the contact page's WhatsApp line). */
export const ChatBubbleIcon = () => <Stroke d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5z" size={20} />;
export const MailIcon = () => (
  <Stroke size={20}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 6-10 7L2 6" />
  </Stroke>
);
export const PinIcon = () => (
  <Stroke size={20}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </Stroke>
);
export const OfflineIcon = ({ className }: IconProps) => (
  <Stroke
    d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.6a10 10 0 0 1 4-2.3M14.6 10.4a10 10 0 0 1 4.4 2.2M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18"
    className={className}
  />
);
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
