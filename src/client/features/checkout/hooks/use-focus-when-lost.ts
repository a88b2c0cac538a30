import { useEffect, useRef } from 'react';

/**
 * For a part of the page that replaces the one the shopper was using (the payment panel after Place
 * order, the confirmation after a payment): its heading takes the focus when the focus went down with
 * the old part (it is then on the body), so keyboard and screen-reader users go on from there.
 */
export function useFocusWhenLost<T extends HTMLElement>() {
  const target = useRef<T>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) target.current?.focus();
  }, []);
  return target;
}
