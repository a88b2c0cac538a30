/**
 * The hero's slides drawn as small SVG scenes in the shop's palette and shown as data-URI images:
 * nothing to download, so the first slide (the home page's largest paint on a phone) shows as soon
 * as the page renders. Products stand to the left and right; the middle stays calm for the text.
 * The server draws the first slide into the page (and the build into index.html); the browser loads
 * this module right after the hero is on screen, for the other five (hero-slider.tsx): none of it is
 * in the start-up code.
 */

import { HERO_SLIDES, type HeroSlide, type Scene } from './hero-slides';

/** Each scene's backdrop: a gradient from the first colour to the second. */
const BACKGROUNDS: Record<Scene, [string, string]> = {
  shea: ['#3f6b2f', '#1f3f16'],
  oils: ['#b4562a', '#6e2d12'],
  soap: ['#6b4a30', '#33210f'],
  hair: ['#2f6158', '#173a33'],
  gift: ['#7a3b4f', '#42202b'],
  skin: ['#8a6412', '#4f3600'],
};

/** Numbers with at most one decimal keep the markup short. */
const n = (value: number) => String(Math.round(value * 10) / 10);

const leaf = (x: number, y: number, r: number, fill = '#7fae5a') =>
  `<g transform="translate(${x} ${y}) rotate(${r})"><ellipse rx="70" ry="24" fill="${fill}"/><path d="M-66 0H66" stroke="#fff" stroke-opacity=".35" stroke-width="3"/></g>`;

function jar(x: number, y: number, w: number, h: number, body: string, lid: string, fill?: string) {
  return [
    `<g transform="translate(${x} ${y})">`,
    `<rect x="${n(-w / 2)}" width="${w}" height="${h}" rx="22" fill="${body}"/>`,
    fill ? `<ellipse cy="6" rx="${n(w / 2 - 6)}" ry="16" fill="${fill}"/>` : '',
    `<rect x="${n(-w / 2 - 8)}" y="-34" width="${w + 16}" height="40" rx="12" fill="${lid}"/>`,
    `<rect x="${n(-w / 2 + 18)}" y="${n(h * 0.3)}" width="${w - 36}" height="${n(h * 0.38)}" rx="8" fill="#fbf7ef" fill-opacity=".9"/>`,
    `<rect x="${n(-w / 2 + 12)}" y="14" width="14" height="${h - 40}" rx="7" fill="#fff" fill-opacity=".22"/>`,
    '</g>',
  ].join('');
}

function bottle(x: number, y: number, w: number, h: number, glass: string, cap: string, dropper = false) {
  const top = dropper
    ? `<rect x="${n(-w * 0.24)}" y="${n(-h * 0.24)}" width="${n(w * 0.48)}" height="${n(h * 0.12)}" rx="6" fill="${cap}"/><ellipse cy="${n(-h * 0.32)}" rx="${n(w * 0.16)}" ry="${n(h * 0.1)}" fill="${cap}"/>`
    : `<rect x="${n(-w * 0.26)}" y="${n(-h * 0.26)}" width="${n(w * 0.52)}" height="${n(h * 0.14)}" rx="8" fill="${cap}"/>`;
  return [
    `<g transform="translate(${x} ${y})">`,
    `<rect x="${n(-w / 2)}" width="${w}" height="${h}" rx="${n(w * 0.22)}" fill="${glass}"/>`,
    `<rect x="${n(-w * 0.18)}" y="${n(-h * 0.14)}" width="${n(w * 0.36)}" height="${n(h * 0.16)}" fill="${glass}"/>`,
    top,
    `<rect x="${n(-w / 2 + 16)}" y="${n(h * 0.34)}" width="${w - 32}" height="${n(h * 0.34)}" rx="6" fill="#fbf7ef" fill-opacity=".88"/>`,
    `<rect x="${n(-w / 2 + 10)}" y="12" width="12" height="${h - 30}" rx="6" fill="#fff" fill-opacity=".25"/>`,
    '</g>',
  ].join('');
}

const soapBar = (x: number, y: number, w: number) =>
  `<g transform="translate(${x} ${y})"><rect x="${-w / 2}" width="${w}" height="56" rx="18" fill="#2b2118"/><rect x="${-w / 2}" width="${w}" height="22" rx="11" fill="#4a3a2b"/><circle cx="${n(-w / 4)}" cy="36" r="5" fill="#5c4836"/><circle cx="${n(w / 6)}" cy="30" r="4" fill="#5c4836"/><circle cx="${n(w / 3)}" cy="40" r="3" fill="#5c4836"/></g>`;

const flower = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288].map((a) => `<ellipse cy="-38" rx="28" ry="40" fill="#d2334a" transform="rotate(${a})"/>`).join('')}<circle r="14" fill="#f2c94c"/></g>`;

const ground = '<ellipse cx="600" cy="610" rx="760" ry="120" fill="#000" fill-opacity=".18"/>';

const SCENES: Record<Scene, () => string> = {
  shea: () =>
    ground +
    leaf(170, 470, -25) +
    leaf(300, 500, 18, '#5f8f3e') +
    jar(260, 330, 190, 170, '#e9dcc0', '#c9b48c', '#f6ecd2') +
    '<circle cx="900" cy="520" r="26" fill="#8a5a33"/><circle cx="950" cy="535" r="22" fill="#a06a3d"/><circle cx="995" cy="515" r="24" fill="#7a4c29"/>' +
    leaf(1010, 420, -35) +
    jar(900, 360, 130, 130, '#f0e4c8', '#b9a27a'),
  oils: () =>
    ground +
    bottle(190, 300, 110, 230, '#c47a22', '#2b2118', true) +
    bottle(320, 360, 90, 170, '#d99a3a', '#2b2118', true) +
    '<g transform="translate(930 450)"><ellipse rx="120" ry="80" fill="#8a6a3a"/><ellipse rx="96" ry="60" fill="#f3ead4"/><circle cx="-30" cy="-10" r="9" fill="#c9a36a"/><circle cx="20" cy="12" r="9" fill="#c9a36a"/><circle cx="40" cy="-18" r="8" fill="#c9a36a"/></g>' +
    bottle(1050, 330, 80, 150, '#b86a1c', '#3a2a1a', true),
  soap: () =>
    ground +
    '<g stroke="#c9a36a" stroke-opacity=".55" stroke-width="6"><path d="M60 540H480M60 560H480M60 580H480M760 540H1160M760 560H1160M760 580H1160"/></g>' +
    soapBar(260, 470, 260) +
    soapBar(250, 410, 230) +
    soapBar(270, 350, 200) +
    soapBar(940, 470, 240) +
    soapBar(960, 410, 190) +
    leaf(1070, 360, -30, '#6f9a4a'),
  hair: () =>
    ground +
    bottle(210, 250, 120, 280, '#3f7a4a', '#e9dcc0') +
    jar(350, 420, 130, 110, '#f0e4c8', '#3f7a4a') +
    `<g transform="translate(930 420) rotate(-18)" fill="#e9dcc0"><rect x="-150" y="-26" width="300" height="46" rx="14"/>${Array.from(
      { length: 11 },
      (_, i) => `<rect x="${-140 + i * 27}" y="14" width="12" height="80" rx="6"/>`,
    ).join('')}</g>` +
    leaf(1060, 300, 30),
  gift: () =>
    ground +
    '<g transform="translate(270 330)"><rect x="-170" width="340" height="200" rx="12" fill="#c9a36a"/><rect x="-185" y="-40" width="370" height="56" rx="10" fill="#b58e55"/><rect x="-18" y="-40" width="36" height="240" fill="#b4562a"/><ellipse cx="-46" cy="-64" rx="48" ry="26" fill="#b4562a" transform="rotate(-20 -46 -64)"/><ellipse cx="46" cy="-64" rx="48" ry="26" fill="#b4562a" transform="rotate(20 46 -64)"/><circle cy="-48" r="18" fill="#8f3f1a"/></g>' +
    jar(900, 400, 130, 120, '#f0e4c8', '#b4562a') +
    bottle(1050, 340, 80, 180, '#c47a22', '#2b2118'),
  skin: () =>
    ground +
    bottle(200, 270, 120, 260, '#f3ead4', '#2f5a23') +
    '<rect x="190" y="175" width="20" height="60" fill="#2f5a23"/><rect x="190" y="175" width="60" height="16" rx="8" fill="#2f5a23"/>' +
    jar(360, 440, 150, 90, '#fbf7ef', '#c9a36a') +
    flower(930, 400) +
    leaf(1030, 480, 20) +
    leaf(840, 500, -20, '#5f8f3e'),
};

/** One slide's picture as SVG markup: a gradient backdrop, a soft glow and its scene. */
function heroSlideSvg(slide: HeroSlide): string {
  const background = BACKGROUNDS[slide.scene];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" preserveAspectRatio="xMidYMid slice">',
    `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>`,
    '<rect width="1200" height="600" fill="url(#g)"/><circle cx="600" cy="120" r="260" fill="#fff" fill-opacity=".06"/>',
    SCENES[slide.scene](),
    '</svg>',
  ].join('');
}

/** Every slide's picture as an image URL (URL-encoded SVG is smaller than base64 and needs no decoding step). */
export function heroSlideSources(): string[] {
  return HERO_SLIDES.map((slide) => {
    const svg = heroSlideSvg(slide)
      .replace(/"/g, "'")
      .replace(/[<>#%{}]/g, (c) => encodeURIComponent(c));
    return `data:image/svg+xml,${svg}`;
  });
}
