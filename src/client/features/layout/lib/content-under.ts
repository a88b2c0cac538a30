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
