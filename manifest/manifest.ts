import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (served as /manifest.webmanifest). vite.config.ts hands it to vite-plugin-pwa,
 * which writes it into the build and links it from index.html. Icons are generated from the sources
 * in manifest/icons by `npm run icons` into public/icons.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Nkuto Naturals',
  short_name: 'Nkuto',
  description: 'Natural skincare, haircare and oils made in Ghana, delivered across Ghana. Pay with Mobile Money or cash on delivery.',
  lang: 'en-GH',
  start_url: '/?source=pwa',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#2f5a23',
  background_color: '#fbf7ef',
  categories: ['shopping', 'beauty', 'lifestyle'],
  icons: [],
};
