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
  theme_color: '#2f5a23',
  background_color: '#fbf7ef',
  categories: ['shopping', 'beauty', 'lifestyle'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    // Full bleed leaf green, the mark inside the central 80% safe zone: launchers crop it to their shape.
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // Long-press on the home-screen icon (Android) or the app's menu (desktop).
  shortcuts: [
    {
      name: 'Shop',
      short_name: 'Shop',
      description: 'Browse every product',
      url: '/products',
      icons: [{ src: '/icons/shortcut-shop.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Cart',
      short_name: 'Cart',
      description: 'See your cart and check out',
      url: '/cart',
      icons: [{ src: '/icons/shortcut-cart.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'My Orders',
      short_name: 'Orders',
      description: 'Track your orders',
      url: '/orders',
      icons: [{ src: '/icons/shortcut-orders.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
  // Real screenshots of the shop (`npm run screenshots`) for the richer install sheet.
  screenshots: [
    {
      src: '/screenshots/home.webp',
      sizes: '780x1688',
      type: 'image/webp',
      form_factor: 'narrow',
      label: 'The Nkuto Naturals home page on a phone: best sellers with prices in cedi',
    },
    {
      src: '/screenshots/products.webp',
      sizes: '1280x800',
      type: 'image/webp',
      form_factor: 'wide',
      label: 'All products on a tablet: shea butter, black soap, oils and more',
    },
  ],
};
