import type { MouseEvent } from 'react';
import { skipLink } from './skip-link.css';

/** 'Skip to content': the first stop for keyboard users, on the shop's and the admin's layouts alike. */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link to #main; the click only keeps the router's URL as it is
    <a href="#main" className={skipLink} onClick={skipToMain}>
      Skip to content
    </a>
  );
}

/** Focus the page content without touching the URL (the router owns it). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById('main');
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView?.();
}
