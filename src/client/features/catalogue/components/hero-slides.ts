/**
 * The hero's six slides: what each shows (its alt text). Their pictures are drawn by hero-art.ts,
 * which the browser loads after the first screen; until a slide's picture is here it shows the
 * hero's background colour (`NO_PICTURE`). The first slide's picture is in the server's page already.
 */

export type Scene = 'shea' | 'oils' | 'soap' | 'hair' | 'gift' | 'skin';

export interface HeroSlide {
  scene: Scene;
  /** The slide's alt text. */
  alt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  { scene: 'shea', alt: 'An open jar of raw shea butter with shea nuts and green leaves' },
  { scene: 'oils', alt: 'Amber dropper bottles of natural oils beside a halved baobab fruit' },
  { scene: 'soap', alt: 'Bars of African black soap stacked on a woven mat' },
  { scene: 'hair', alt: 'A bottle of hair growth oil, a jar of hair butter and a wide-tooth comb' },
  { scene: 'gift', alt: 'A gift set in a kraft box tied with a terracotta ribbon' },
  { scene: 'skin', alt: 'A face cream jar, a pump bottle of body lotion and a red hibiscus flower' },
];

/**
 * What a slide shows until its picture is here: nothing (the hero's own background colour), rather
 * than its alt text. A transparent pixel.
 */
export const NO_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
