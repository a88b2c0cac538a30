import { type RefObject, useEffect, useRef } from 'react';

// Short on purpose: this ships on the home route, whose JavaScript budget is nearly spent.
const FOCUSABLE = 'a[href],:is(button,input,select,textarea):not(:disabled)';

interface FocusTrapOptions {
  /** The trap holds while true (a panel that stays mounted when closed passes its open state). */
  active?: boolean;
  /** A selector inside the container: the first match takes the focus when the trap starts. */
  initialFocus?: string;
  /** Escape anywhere on the page while the trap holds. */
  onEscape(): void;
  /** Tab and Shift+Tab wrap inside the container (off where the page around is inert instead). */
  wrapTab?: boolean;
  /** The page behind does not scroll while the trap holds. */
  lockScroll?: boolean;
}

/**
 * The one focus trap of every dialog, drawer and panel: focus moves inside when it starts, Escape
 * calls `onEscape`, Tab stays inside. It listens on the document, so it works the same whether the
 * container is a native modal <dialog> (where the browser already keeps focus inside), a <dialog>
 * without showModal (jsdom, old browsers) or a plain element.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  { active = true, initialFocus = FOCUSABLE, onEscape, wrapTab = true, lockScroll = false }: FocusTrapOptions,
) {
  // The latest handler, without restarting the trap (and moving the focus again) on every render.
  const latestOnEscape = useRef(onEscape);
  latestOnEscape.current = onEscape;

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    container.querySelector<HTMLElement>(initialFocus)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latestOnEscape.current();
        return;
      }
      if (event.key !== 'Tab' || !wrapTab) return;
      const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (lockScroll) document.body.style.overflow = overflow;
    };
  }, [ref, active, initialFocus, wrapTab, lockScroll]);
}

/**
 * Focus back on `target` once `open` turns false again (a dialog that outlives what opened it has
 * closed, and the page behind is no longer inert).
 */
export function useFocusAfterClose(open: boolean, target: RefObject<HTMLElement | null>) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      target.current?.focus();
    }
  }, [open, target.current?.focus]);
}
