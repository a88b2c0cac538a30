/**
 * The social networks' marks, filled (components/icons.tsx draws the shop's stroked icons). Only the
 * footer shows them, and it loads after the page is usable: they stay out of the start-up code.
 * Decorative: the link around each carries its name.
 */
function Fill({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="currentColor">
      <path d={d} />
    </svg>
  );
}

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
