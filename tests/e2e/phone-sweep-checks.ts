import type { Page } from '@playwright/test';
import { expect, keepScreenshot } from './fixtures';

/**
 * The shopper pages' layout checks at phone size (phone-sweep.spec.ts and phone-sweep-delivery.spec.ts),
 * as a shopper would notice: nothing sticks out of the screen or of its box, no text runs out of its
 * card, and nothing sits over a control or a price where the shopper would tap or read it. Each
 * problem is said with the page, the place and what it is.
 */

export const SWEEP_VIEWPORT = { width: 360, height: 800 } as const;

/** Two frames: the page's frame work after a scroll or a change (the chat link's look-around) has run. */
export const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Layout that does not depend on where the page is scrolled to: widths and text. */
async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const root = document.documentElement;
    const width = root.clientWidth;
    const nameOf = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = el.id ? `#${el.id}` : typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
      return `${el.tagName.toLowerCase()}${name}${text ? ` "${text}"` : ''}`;
    };
    if (root.scrollWidth > width + 1) problems.add(`the page scrolls sideways: ${root.scrollWidth} px > ${width} px`);

    /**
     * Out of the layout on purpose: not drawn, read-only for screen readers, or cut to 1 px; or not
     * laid out yet (a list item off screen with `content-visibility: auto`: looked at where the sweep scrolls to it).
     */
    const offLayout = (el: Element) => {
      if (!el.checkVisibility({ contentVisibilityAuto: true })) return true;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      const box = el.getBoundingClientRect();
      return (box.width <= 1 && box.height <= 1) || style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
    };
    /** A box a person sees as a box (a card, a panel, a field): a background, a border or a shadow. */
    const paintsBox = (el: Element) => {
      const style = getComputedStyle(el);
      const background = style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent';
      const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) => Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0);
      return background || border || style.boxShadow !== 'none';
    };
    /** Its content scrolls or is cut on purpose (a carousel, a cropped image): what is inside is its business. */
    const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';

    const elements = Array.from(document.body.querySelectorAll('*')).filter((el) => !(el instanceof SVGElement && el.tagName !== 'svg'));
    for (const el of elements) {
      if (el.closest('[hidden], [aria-hidden="true"], template, script, style, noscript') || offLayout(el)) continue;
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || style.position === 'absolute') continue;
      // A turned shape (a toast's tick, drawn as a square turned 45°) has a bounding box wider than its own box.
      if (style.transform !== 'none' && !style.transform.startsWith('matrix(1, 0, 0, 1,')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0) continue;
      let parent = el.parentElement;
      while (parent && getComputedStyle(parent).display === 'contents') parent = parent.parentElement;
      if (!parent || parent === document.body) continue;
      let clipped = false;
      for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) if (clips(a)) clipped = true;
      if (clipped) continue;
      if (box.right > width + 1 || box.left < -1)
        problems.add(`${nameOf(el)} runs past the screen (${Math.round(box.left)}–${Math.round(box.right)} px of ${width})`);
      const room = parent.getBoundingClientRect();
      const past = Math.max(box.right - room.right, room.left - box.left);
      if (past > 1) problems.add(`${nameOf(el)} runs ${Math.round(past)} px past the edge of its container ${nameOf(parent)}`);
    }

    // Every line of text inside the box it is drawn in, unless cut with an ellipsis or a line clamp on purpose.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const holder = node.parentElement;
      if (!text || !holder || holder.closest('[hidden], [aria-hidden="true"], script, style, noscript, template, option') || offLayout(holder)) continue;
      let card: Element | null = holder;
      let cut = false;
      while (card && card !== document.body && !paintsBox(card)) {
        const style = getComputedStyle(card);
        if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none' || style.overflowX !== 'visible') cut = true;
        card = card.parentElement;
      }
      if (cut) continue;
      // Scrolled out of a scroller (a carousel's next cards): not on show, so not out of anything.
      const scrollers: DOMRect[] = [];
      for (let a = card?.parentElement ?? null; a && a !== document.body; a = a.parentElement) if (clips(a)) scrollers.push(a.getBoundingClientRect());
      const limit = card && card !== document.body ? card.getBoundingClientRect() : new DOMRect(0, 0, width, root.scrollHeight);
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width === 0 || scrollers.some((r) => line.right <= r.left || line.left >= r.right)) continue;
        if (line.right > limit.right + 1 || line.left < limit.left - 1 || line.right > width + 1) {
          problems.add(`text "${text.slice(0, 40)}" runs out of ${card && card !== document.body ? nameOf(card) : 'the screen'}`);
          break;
        }
      }
    }
    return [...problems];
  });
}

/**
 * Where the page is now: every control and every price wholly on screen between the page's bars
 * (the fixed top bar) is the thing under its own centre (document.elementFromPoint), and no floating
 * thing a person sees (a box with a fill in something fixed or sticky: the chat link, a toast) lies
 * over that centre, even one that lets taps through. Controls inside floating things (a toast's
 * View cart) are looked at too: what covers them is another floating thing. A toast (a status that
 * leaves by itself) may pass over the page's content, never over the bars' controls.
 */
async function coverProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const nameOf = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()} "${text}"`;
    };
    const seen = (el: Element) => {
      if (el.closest('[inert], [hidden], [aria-hidden="true"]')) return false;
      for (let a: Element | null = el; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.visibility === 'hidden' || style.display === 'none' || Number.parseFloat(style.opacity) < 0.05) return false;
      }
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const PRICE = /₵\s?-?\d[\d,]*(\.\d\d)?/;
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"]'),
    );
    const prices = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((el) =>
      Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && PRICE.test(n.textContent ?? '')),
    );
    const pinned = (el: Element) => ['fixed', 'sticky'].includes(getComputedStyle(el).position);
    // The page's own bars: pinned, the screen's width, at its top or bottom edge (the top bar). The
    // page scrolls under them, so what is under them is looked at where the page scrolls it into view.
    let top = 0;
    let bottom = window.innerHeight;
    const bars = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      if (!pinned(el) || !seen(el)) return false;
      const r = el.getBoundingClientRect();
      const fullWidth = r.left <= 0.5 && r.right >= window.innerWidth - 0.5;
      const nearEdge = r.top < window.innerHeight / 4 || r.bottom > (window.innerHeight * 3) / 4;
      return fullWidth && nearEdge && r.height < window.innerHeight / 3;
    });
    for (const bar of bars) {
      const r = bar.getBoundingClientRect();
      if (r.top < window.innerHeight / 2) top = Math.max(top, r.bottom);
      else bottom = Math.min(bottom, r.top);
    }
    /** Whether something draws over (x, y): a fill or a shadow of its own or of its ::before/::after, or its own text there. */
    const paintsAt = (el: Element, x: number, y: number) => {
      const fills = [getComputedStyle(el), getComputedStyle(el, '::before'), getComputedStyle(el, '::after')].some(
        (style) => style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.boxShadow !== 'none' || style.backgroundImage !== 'none',
      );
      if (fills) return true;
      // Its text is drawn only inside what clips it (a title's clamped lines are laid out, not shown).
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const r = a.getBoundingClientRect();
        if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
      }
      const range = document.createRange();
      return Array.from(el.childNodes).some((node) => {
        if (node.nodeType !== Node.TEXT_NODE) return false;
        range.selectNodeContents(node);
        return Array.from(range.getClientRects()).some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
      });
    };
    // Anything else floating over the page with a fill (the chat link, a toast), even one that lets taps through.
    const floaters = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((el) => {
      let held = false;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        if (bars.some((bar) => bar === a)) return false;
        if (pinned(a)) held = true;
      }
      if (!held) return false;
      const style = getComputedStyle(el);
      const fill = style.backgroundColor !== 'rgba(0, 0, 0, 0)' || style.boxShadow !== 'none';
      return fill && seen(el);
    });
    for (const [kind, el] of [...controls.map((c) => ['control', c] as const), ...prices.map((p) => ['price', p] as const)]) {
      if (!seen(el) || floaters.includes(el)) continue;
      const box = el.getBoundingClientRect();
      // The bars' own controls (the cart icon) are always on screen; the page's, between the bars.
      const [from, to] = bars.some((bar) => bar.contains(el)) ? [0, window.innerHeight] : [top, bottom];
      if (box.top < from - 0.5 || box.bottom > to + 0.5 || box.left < 0 || box.right > window.innerWidth) continue;
      // An inline link over two lines: the centre of its larger part, not of the box around both.
      const part = Array.from(el.getClientRects()).reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
      const x = part.left + part.width / 2;
      const y = part.top + part.height / 2;
      const hit = document.elementFromPoint(x, y);
      const inBar = bars.some((bar) => bar.contains(el));
      const over = floaters.find((f) => {
        if (f.contains(el) || el.contains(f)) return false;
        // A toast passes over the page for its 3 s by design; it must only keep clear of the bars (the cart icon).
        if (!inBar && (f.closest('[role="status"]') || f.querySelector('[role="status"]'))) return false;
        const r = f.getBoundingClientRect();
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      });
      if (over) {
        problems.push(`${kind} ${nameOf(el)} is under ${nameOf(over)}`);
        continue;
      }
      if (hit && (hit === el || el.contains(hit))) continue;
      if (!inBar && hit && (hit.closest('[role="status"]') || hit.querySelector('[role="status"]'))) continue;
      // A price is read: only what draws over it hides it (a card-wide link layer over it does not).
      // A control is tapped: whatever is hit instead takes the tap.
      if (kind === 'price' && hit && !paintsAt(hit, x, y)) continue;
      problems.push(`${kind} ${nameOf(el)} is covered by ${hit ? nameOf(hit) : 'nothing'}`);
    }
    return problems;
  });
}

/** The three places a page is looked at: its top, its middle and its bottom. */
const PLACES = ['top', 'middle', 'bottom'] as const;

/**
 * Checks the page as it is now at its top, middle and bottom (widths, text, what covers what), keeps a full-page screenshot (with E2E_SCREENSHOTS=1, as the tablet sweep does) and adds
 * what is wrong to `problems`, each line starting with `state`.
 */
export async function sweep(page: Page, state: string, problems: string[], places: readonly (typeof PLACES)[number][] = PLACES): Promise<void> {
  const found = new Set<string>();
  for (const place of places) {
    await page.evaluate((where) => {
      const end = document.documentElement.scrollHeight - window.innerHeight;
      const top = where === 'top' ? 0 : where === 'middle' ? Math.round(end / 2) : end;
      window.scrollTo({ top, behavior: 'instant' });
    }, place);
    await settled(page);
    // Widths at each place too: lists lay out what is near the screen only (content-visibility).
    for (const problem of await widthProblems(page)) found.add(`${state}: ${problem}`);
    for (const problem of await coverProblems(page)) found.add(`${state} (${place}): ${problem}`);
  }
  problems.push(...found);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await keepScreenshot(page, `phone-${state.replace(/[^\w-]+/g, '-').toLowerCase()}`);
}

/** The problems found, all said at once (one failing test names every page that needs work). */
export function expectNoProblems(problems: string[]): void {
  expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
}
