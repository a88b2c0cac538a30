import { Link } from '@tanstack/react-router';
import { type FocusEvent, useEffect, useState } from 'react';
import { button } from '@/client/components/button';
import { loadForServerRender } from '@/client/lib/server-loads';
import * as s from './hero-slider.css';
import { HERO_SLIDES, NO_PICTURE } from './hero-slides';

/** Spec section 9: 6 slides, 5000 ms each. */
const HERO_INTERVAL_MS = 5000;
const count = HERO_SLIDES.length;
/** When the other slides' pictures load, unless the shopper moves the hero first. */
const PICTURES_BEFORE_CHANGE_MS = HERO_INTERVAL_MS - 1000;

/**
 * The slides' pictures (hero-art.ts): a chunk of their own, loaded right after the hero is on screen
 * (they are drawn after it anyway), so the scenes are not in the home page's start-up code. The server
 * has them before it renders (server-loads.ts) and draws the first into the page.
 */
let pictures: readonly string[] | undefined;
let loadingPictures: Promise<readonly string[]> | undefined;
function loadPictures(): Promise<readonly string[]> {
  loadingPictures ??= import('./hero-art').then((art) => {
    pictures = art.heroSlideSources();
    return pictures;
  });
  return loadingPictures;
}
loadForServerRender(loadPictures);

const DATA_SVG = 'data:image/svg+xml,';

/**
 * The first slide's picture as the server drew it into the page (or the build into index.html): the
 * home page's largest paint on a phone, on screen before any script runs. Read from the page when this
 * module is first read, before React renders, so React's first render draws exactly that (nothing to
 * fetch, and taking the page over changes nothing). On a page without it (the shopper came to the
 * home page from another), the pictures are fetched at once.
 */
const drawnFirst = (() => {
  if (typeof document === 'undefined') return undefined;
  const src = document.getElementsByClassName(s.art)[0]?.getAttribute('src');
  return src?.startsWith(DATA_SVG) ? src : undefined;
})();
if (!import.meta.env.SSR && !drawnFirst) loadPictures().catch(() => undefined);

/** False where there is no window (the build-time rendering). */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
}

/**
 * The slides' pictures: the first paint (and the build-time rendering in index.html) carries only the
 * first slide's; the others' come with hero-art.ts, right after. Until a picture is here, the first
 * slide keeps the one drawn into the page, and the shown slide has none (the hero's colour shows).
 */
function useSlidePictures(index: number): (slide: number) => string | undefined {
  const [restDrawn, setRestDrawn] = useState(false);
  const [art, setArt] = useState(() => pictures);
  const moved = index !== 0;
  useEffect(() => setRestDrawn(true), []);
  // The other pictures load a second before the first change (or at once when the shopper moves the
  // hero): drawing them is work of its own, kept out of the page's first seconds.
  useEffect(() => {
    if (art) return;
    let live = true;
    const load = () =>
      void loadPictures().then(
        (loaded) => live && setArt(loaded),
        // Offline with no copy of the chunk: the slides keep the hero's colour.
        () => undefined,
      );
    const timer = moved ? undefined : setTimeout(load, PICTURES_BEFORE_CHANGE_MS);
    if (moved) load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [art, moved]);
  return (i) => {
    if (i > 0 && !restDrawn) return undefined;
    return art?.[i] ?? (i === 0 ? drawnFirst : undefined) ?? (i === index ? NO_PICTURE : undefined);
  };
}

/**
 * The home hero: six slides, one every 5 s, wrapping both ways. It holds still while the pointer
 * is over it, while a control inside has focus, and for shoppers who asked for reduced motion.
 */
export function HeroSlider() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;
  const pictureOf = useSlidePictures(index);

  // A new 5 s wait after every change, so a slide chosen by hand gets its full time too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the wait restarts whenever the slide changes, however it changed
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, paused]);

  const go = (to: number) => setIndex(((to % count) + count) % count);
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={s.hero}
      aria-roledescription="carousel"
      aria-label="Featured products"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leave}
    >
      <div className={s.slides} aria-live={paused ? 'polite' : 'off'}>
        {HERO_SLIDES.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group with a role description, not a fieldset
          <div
            key={slide.scene}
            className={s.slide}
            role="group"
            data-active={i === index}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
          >
            <img
              className={s.art}
              src={pictureOf(i)}
              alt={slide.alt}
              width={1200}
              height={600}
              decoding={i === 0 ? 'sync' : 'async'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          </div>
        ))}
      </div>

      <div className={s.overlay}>
        <h1 className={s.title}>Unlock Your Natural Glow</h1>
        <p className={s.tagline}>Discover the beauty of nature with our premium skincare products.</p>
        <Link to="/products" className={`${button({ tone: 'accent' })} ${s.shopNow}`}>
          Shop Now
        </Link>
      </div>

      <button type="button" className={`${s.arrow} ${s.prev}`} aria-label="Previous slide" onClick={() => go(index - 1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className={`${s.arrow} ${s.next}`} aria-label="Next slide" onClick={() => go(index + 1)}>
        <span aria-hidden="true">›</span>
      </button>

      <ul className={s.dots}>
        {HERO_SLIDES.map((slide, i) => (
          <li key={slide.scene}>
            <button type="button" className={s.dot} aria-label={`Go to slide ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => go(i)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
