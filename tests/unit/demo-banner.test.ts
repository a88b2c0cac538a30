import { describe, expect, it } from 'vitest';
import { DEMO_BANNER_TEXT, withDemoBanner } from '@/shared/demo-banner';

describe('withDemoBanner', () => {
  const page = '<!doctype html><html><head></head><body>\n    <div id="root"></div>\n  </body></html>';

  it('puts the banner first in the body, outside #root, and marks the body for the layouts', () => {
    const html = withDemoBanner(page);
    expect(html).toContain('<body data-demo-shop>');
    expect(html.indexOf(DEMO_BANNER_TEXT)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<aside id="demo-banner" aria-label="Demo shop"[^>]*>Demo shop: nothing here is for sale<\/aside>/);
  });

  it('adds it once, and keeps the body’s attributes', () => {
    const html = withDemoBanner(withDemoBanner(page.replace('<body>', '<body class="x">')));
    expect(html.match(/id="demo-banner"/g)).toHaveLength(1);
    expect(html).toContain('<body data-demo-shop class="x">');
  });
});
