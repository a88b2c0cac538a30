/** Inline icons of the admin shell (nothing to download). Decorative: the control around them has the name. */

function Stroke({ d, size = 22 }: { d: string; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export const MenuIcon = () => <Stroke d="M4 6h16M4 12h16M4 18h16" />;
export const HomeIcon = () => <Stroke d="M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-6h4v6h4.5V9.5" size={20} />;
export const LogoutIcon = () => <Stroke d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" size={20} />;
