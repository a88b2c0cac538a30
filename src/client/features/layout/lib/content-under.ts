/**
 * Whether a floating thing (the WhatsApp link) would hide part of the page: a control or a line of
 * text under it. Read from the browser's own hit testing at points across the floating box, so it
 * holds on every page without the pages marking anything.
 */

/** What a finger aims at: a control's own box counts, not a card-wide link layer around it. */
const CONTROL = 'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])';

/** The points looked at are at most this far apart, so no tap-sized control or line of text slips between them. */
const STEP_PX = 12;

const inside = (rects: DOMRectList, x: number, y: number) => Array.from(rects).some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);

/** Evenly spread positions from `start` to `end`, at most STEP_PX apart. */
function spread(start: number, end: number): number[] {
  const count = Math.max(2, Math.ceil((end - start) / STEP_PX) + 1);
  return Array.from({ length: count }, (_, i) => start + ((end - start) * i) / (count - 1));
}

/** Whether one of the element's own lines of text (not its children's, which hit testing finds themselves) is at (x, y). */
function ownTextAt(element: Element, x: number, y: number, range: Range): boolean {
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    if (inside(range.getClientRects(), x, y)) return true;
  }
  return false;
}

/** Whether a control or a line of text lies under the box; what is inside `self` (the floating thing) does not count. */
export function contentUnder(box: DOMRect, self: Element): boolean {
  if (box.width === 0 || box.height === 0) return false;
  const range = document.createRange();
  const ys = spread(box.top + 1, box.bottom - 1);
  for (const x of spread(box.left + 1, box.right - 1)) {
    for (const y of ys) {
      const under = document.elementsFromPoint(x, y).find((el) => !self.contains(el));
      if (!under || under === document.documentElement || under === document.body) continue;
      const control = under.closest(CONTROL);
      if (control && inside(control.getClientRects(), x, y)) return true;
      if (ownTextAt(under, x, y, range)) return true;
    }
  }
  return false;
}

/** A text field (or select) being typed in: the phone's keyboard is up and the screen is short. */
export function typingInField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || (element as HTMLElement).isContentEditable === true;
}

/** Set on the floating element while it steps aside (chat-link.css.ts). */
const STEPPED_ASIDE = 'data-stepped-aside';

/**
 * Keeps a floating element off the page's content: it steps aside (fades out, lets taps through)
 * while a text field is being typed in (the phone's keyboard is up) or while a control or a line of
 * text is under it, looked at again in the next frame after every scroll, resize, focus change or
 * change to the page. It stays in the tab order and to screen readers, and shows again when focused.
 * Applied to the element itself, not through React state: it is settled by the frame after the change.
 * Returns what stops the watching.
 */
export function keepClear(element: HTMLElement): () => void {
  let frame = 0;
  const check = () => {
    frame = 0;
    const aside = typingInField(document.activeElement) || contentUnder(element.getBoundingClientRect(), element);
    if (aside !== element.hasAttribute(STEPPED_ASIDE)) element.toggleAttribute(STEPPED_ASIDE, aside);
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(check);
  };
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  const events = ['scroll', 'resize', 'focusin', 'focusout'] as const;
  for (const type of events) window.addEventListener(type, schedule, { capture: true, passive: true });
  void document.fonts?.ready.then(schedule);
  schedule();
  return () => {
    changes.disconnect();
    for (const type of events) window.removeEventListener(type, schedule, { capture: true });
    cancelAnimationFrame(frame);
  };
}
