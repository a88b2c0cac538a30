import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { loadForServerRender } from '@/client/lib/server-loads';
import { whenNearScreen } from '@/client/lib/when-idle';

/**
 * A part of the page the first screen does not need (below the fold, nothing to do in it before the
 * shopper gets there), drawn by `<DeferredIsland>`: its code loads once the page is usable, not with
 * the start-up code.
 */
export interface Island {
  /** The element the part is drawn in: the server's, kept by the browser throughout. */
  tag: 'footer' | 'aside' | 'section';
  /** Its class: how the browser finds the server's element (and keeps its styles in the start-up CSS). */
  className: string;
  /** Its contents, once their code is here. */
  loaded(): ComponentType | undefined;
  /** Fetches the contents' code (once). */
  load(): Promise<ComponentType>;
}

/** An island whose contents `load` imports (a dynamic import: a chunk of its own). */
export function deferredIsland({ tag, className, load }: Pick<Island, 'tag' | 'className'> & { load: () => Promise<ComponentType> }): Island {
  let contents: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const island: Island = {
    tag,
    className,
    loaded: () => contents,
    load() {
      loading ??= load().then((component) => {
        contents = component;
        return component;
      });
      return loading;
    },
  };
  // The server draws it whole: its code is there before the page renders.
  loadForServerRender(island.load);
  // A page the app draws from an empty shell shows nothing before the app's first render, which waits
  // for the page's own code and data: the island's code loads beside them, so it is drawn with the page.
  if (!import.meta.env.SSR && typeof document !== 'undefined' && drawnMarkup(island) === undefined) island.load().catch(() => undefined);
  return island;
}

/** The markup the server (or the build) drew inside the island's element, if it is on the page. */
function drawnMarkup({ tag, className }: Island): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const element of document.getElementsByClassName(className)) if (element.localName === tag) return element.innerHTML;
  return undefined;
}

/**
 * The island's element with its contents. Its code loads when the island comes near the screen
 * (600 px), or at once when the shopper points at the island or moves focus into it.
 *
 * - The server draws it whole, like any component (its code is there before it renders).
 * - Taking the server's page over, React keeps the server's element and everything in it as they are
 *   (what the element holds is opaque HTML to React), so the page is live without the island's code.
 * - Drawing the page itself over a drawn copy (the service worker's index.html), React draws the same
 *   element from the same markup, read from the page before React replaces it.
 * - With nothing drawn (an empty app shell), its code loads with the page's (deferredIsland) and it is
 *   drawn with the page, or as soon as its code is here.
 *
 * When the code is here, React draws the contents into the same element: the same markup, so nothing
 * moves; focus and typed text go over to the new nodes (lib/carry-over.ts). Links in the drawn markup
 * work as plain links meanwhile. Should the code fail to load, the drawn markup stays.
 */
export function DeferredIsland({ island }: { island: Island }) {
  const { tag: Tag, className } = island;
  const [Contents, setContents] = useState(island.loaded);
  // Read once, in the first render: before React replaces a drawn copy of the page.
  const [drawn] = useState(() => (island.loaded() ? undefined : drawnMarkup(island)));
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    if (Contents) return;
    // With nothing drawn there is nothing to wait for: it shows as soon as its code is here.
    // Drawn and not yet wanted: its code loads as the shopper scrolls towards it, not while the page
    // starts (each island's arrival is a render of its own, which would lengthen the first seconds).
    if (!wanted && drawn !== undefined) return element.current ? whenNearScreen(element.current, want) : undefined;
    let live = true;
    // Taking focus and typed text over is only ever needed now: its code comes with the island's.
    Promise.all([island.load(), import('@/client/lib/carry-over')]).then(
      ([component, { carryOver }]) => {
        if (!live) return;
        const root = element.current;
        const kept = root ? carryOver(root) : undefined;
        // At once, so nothing the shopper does falls between taking what they did and putting it back.
        flushSync(() => setContents(() => component));
        if (root) kept?.restore(root);
      },
      // Offline with no copy of the chunk: the drawn markup stays, its links still work.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [island, Contents, wanted, want, drawn]);

  if (Contents)
    return (
      <Tag ref={element} className={className}>
        <Contents />
      </Tag>
    );
  if (drawn === undefined) return null;
  return (
    <Tag
      ref={element}
      className={className}
      // The server's nodes stay as they are: React neither checks nor touches what this holds while it
      // takes the page over (no hydration warning: the browser's serialisation of the markup may differ
      // from the server's in its quoting); it writes it only when it draws the page itself.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own markup, as the browser parsed it from the server's HTML
      dangerouslySetInnerHTML={{ __html: drawn }}
      suppressHydrationWarning
      onFocus={want}
      onPointerDown={want}
      onPointerEnter={want}
    />
  );
}
