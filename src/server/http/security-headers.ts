import { createMiddleware } from 'hono/factory';
import type { AppConfig, AppEnv } from './env';
import { cameOverTls } from './forwarded';

/**
 * The Content-Security-Policy of every answer (the app, its files, the API, uploads, the sandbox's
 * payment page). Scripts come only from this origin: no inline script, no eval, so injected markup
 * cannot run. Styles allow 'unsafe-inline': the home page carries its styles inline (drawn at build
 * time), its markup has style attributes and react-hot-toast injects a <style> element (README
 * Decisions). Nothing is loaded from or sent to another origin, except images from STORAGE_PUBLIC_URL's
 * origin when it is set (`imageOrigin`): `img-src` for the page, and `connect-src` for the service
 * worker, which fetches them itself to keep them offline (its own answer carries this policy). The
 * Mobile Money tab is a navigation, which the policy does not restrict.
 */
export function contentSecurityPolicy(imageOrigin?: string): string {
  const images = imageOrigin ? ` ${imageOrigin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${images}`,
    "font-src 'self'",
    `connect-src 'self'${images}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Browser features the shop never uses, turned off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** One year; browsers ignore the header on plain http, and it is only sent over TLS anyway. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const HEADERS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
  // The checkout keeps its hold on the Mobile Money tab it opens (to send it to the payment page,
  // or close it when the payment cannot start); 'same-origin' may sever it.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
];

/** Sets the security headers on every answer, whichever route or error handler made it. */
export function securityHeaders(config: Pick<AppConfig, 'trustProxy' | 'publicUrl' | 'imagePublicUrl'>) {
  const policy = contentSecurityPolicy(config.imagePublicUrl ? new URL(config.imagePublicUrl).origin : undefined);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', policy);
    for (const [name, value] of HEADERS) c.res.headers.set(name, value);
    // With STORAGE_PUBLIC_URL a CDN may fetch /uploads from here and serve it to the shop's pages
    // from its own origin: those public, content-addressed images may be embedded cross-origin.
    const crossOriginImage = config.imagePublicUrl !== undefined && c.req.path.startsWith('/uploads/');
    c.res.headers.set('Cross-Origin-Resource-Policy', crossOriginImage ? 'cross-origin' : 'same-origin');
    if (cameOverTls(c, config)) c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  });
}
