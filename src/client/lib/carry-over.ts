/**
 * What a shopper is doing inside a part of the page that React is about to draw anew with the same
 * markup (a deferred part arriving, components/deferred-island.tsx; the newsletter form replacing its
 * placeholder): where focus is and what they typed. Taken from the old nodes just before the swap and
 * put on the new ones right after it, so the swap changes nothing for them.
 */
export interface CarriedOver {
  /** Puts focus and typed text back on the matching new nodes under `root`. */
  restore(root: Element): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The same node in the old and the new markup: element, type and name, link target, text. */
const signature = (element: Element) =>
  [element.localName, element.getAttribute('type'), element.getAttribute('name'), element.getAttribute('href'), element.textContent?.trim()].join('|');

const isField = (element: Element): element is Field =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden'].includes(element.type));

const nativeValueSetter = (field: Field) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;

/**
 * Sets a field's value as typing would: through the element's own setter (React's tracker on the
 * instance would otherwise swallow the change), then an `input` event, so the form library hears it.
 */
function typeInto(field: Field, value: string) {
  const set = nativeValueSetter(field);
  if (set) set.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const matching = (root: Element, key: string) => [...root.querySelectorAll('*')].find((element) => signature(element) === key);

/** Focus and typed text inside `root`, now. */
export function carryOver(root: Element): CarriedOver {
  const typed = [...root.querySelectorAll('input, textarea')]
    .filter(isField)
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ key: signature(field), value: field.value }));
  const active = document.activeElement;
  const focused = active && active !== root && root.contains(active) ? signature(active) : null;

  return {
    restore(newRoot) {
      if (focused !== null) {
        const target = matching(newRoot, focused);
        if (target instanceof HTMLElement && document.activeElement !== target) target.focus({ preventScroll: true });
      }
      for (const { key, value } of typed) {
        const field = matching(newRoot, key);
        if (field && isField(field) && field.value !== value) typeInto(field, value);
      }
    },
  };
}
