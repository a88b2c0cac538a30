import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { LIMITS } from '../shared/constants';
import { MESSAGES } from '../shared/messages';
import { errorForLog, isConnectionError } from './db/errors';
import { AppError } from './errors';
import type { AppDeps, AppEnv } from './http/env';
import { routePages } from './http/route-pages';
import { securityHeaders } from './http/security-headers';
import { resolveInside, sendFile } from './http/static-files';
import { adminCustomerRoutes } from './routes/admin-customers';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminProductRoutes } from './routes/admin-products';
import { adminShopRoutes } from './routes/admin-shop';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { healthRoutes } from './routes/health';
import { orderRoutes } from './routes/orders';
import { paymentRoutes } from './routes/payments';
import { productRoutes } from './routes/products';
import { sandboxPayRoutes } from './routes/sandbox-pay';
import { seoRoutes } from './routes/seo';
import { shopRoutes } from './routes/shop';
import { createCatalogueCache } from './services/catalogue-cache';
import { onCatalogueChanged } from './services/catalogue-signal';
import { createImageHints } from './services/image-hints';
import { diskImageStore } from './services/images';
import { paymentDepsFor } from './services/payment-deps';
import { cachedCatalogue, getProduct } from './services/products';

/** A product page's address: /product/{id}. */
const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/;

export type { AppConfig, AppDeps } from './http/env';

const UPLOAD_NAME = /^[a-f0-9]{16,64}-\d{2,4}\.webp$/;
/** The calls that take multipart image uploads. */
const UPLOAD_PATHS = /^\/api\/(addProduct|updateProductInfo\/[^/]+|settings)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the whole server from its dependencies; tests call it with `app.request()`. */
export function createApp(deps: AppDeps) {
  const { config, log } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The path only: query strings could carry what a shopper typed, and never belong in logs.
    log.info('request', {
      reqId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(securityHeaders(config));

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: (c) => c.json({ message: MESSAGES.bodyTooLarge }, 413),
  });
  // Image uploads (products, the shop logo) may carry 4 images of 5 MB; every other body stays small.
  const limitUpload = bodyLimit({
    maxSize: LIMITS.maxProductImages * LIMITS.maxImageBytes + 1024 * 1024,
    onError: (c) => c.json({ message: MESSAGES.bodyTooLarge }, 413),
  });
  // Only where a body is read: on GET the limit would make the Node adapter build a full Request each time.
  api.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c, next) => (UPLOAD_PATHS.test(c.req.path) ? limitUpload(c, next) : limitBody(c, next)));
  // JSON answers over 1 KB go gzipped to clients that take it (the catalogue is gzipped once, in its cache).
  api.use(compress({ encoding: 'gzip' }));
  api.use(async (c, next) => {
    await next();
    // Answers can be personal (carts, accounts): no shared cache may keep them.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const catalogue = createCatalogueCache(config.catalogueCacheMs, Date.now, config.catalogueCacheLimits);
  // The cache drops its copy on the one "catalogue changed" signal, whoever changed it.
  onCatalogueChanged(deps.db, () => catalogue.invalidate());
  const images = deps.images ?? diskImageStore(config.uploadsDir);
  const payments = paymentDepsFor(deps);
  api.route('/', healthRoutes(deps));
  api.route('/', productRoutes(deps, catalogue));
  api.route('/', authRoutes(deps));
  api.route('/', cartRoutes(deps));
  api.route('/', orderRoutes(deps));
  api.route('/', paymentRoutes(deps, payments));
  api.route('/', shopRoutes(deps));
  api.route('/', adminOrderRoutes(deps, payments));
  api.route('/', adminCustomerRoutes(deps));
  api.route('/', adminProductRoutes(deps, images));
  api.route('/', adminShopRoutes(deps, images));
  api.all('*', (c) => c.json({ message: MESSAGES.notFound }, 404));
  app.route('/api', api);
  app.route('/', seoRoutes(deps));

  // The test payment page exists only while the sandbox simulates Mobile Money.
  if (payments.provider?.name === 'sandbox') {
    app.post('/pay/*', limitBody);
    app.route('/pay/sandbox', sandboxPayRoutes(deps, payments));
  }

  app.on(['GET', 'HEAD'], '/uploads/:name', async (c) => {
    const name = c.req.param('name');
    const file = UPLOAD_NAME.test(name) ? path.join(config.uploadsDir, name) : undefined;
    // Names are content hashes: a file never changes under its URL.
    const response = file ? await sendFile(c, file, IMMUTABLE) : undefined;
    return response ?? c.json({ message: MESSAGES.notFound }, 404);
  });
  // Nothing else lives under /uploads: a deeper path is no client route to answer with the app.
  app.all('/uploads/*', (c) => c.json({ message: MESSAGES.notFound }, 404));

  if (config.clientDir) {
    const root = path.resolve(config.clientDir);
    const pageFor = routePages(root);
    const imageHintsFor = createImageHints(() => cachedCatalogue(deps.db, catalogue));
    // A product that does not exist (never did, or deleted): its page says so, with HTTP 404, so
    // search engines drop the address and link readers show no card. The database briefly away is
    // not a verdict: the page then goes out as usual.
    const productMissing = async (urlPath: string): Promise<boolean> => {
      const id = PRODUCT_PAGE.exec(urlPath)?.[1];
      if (id === undefined) return false;
      try {
        await getProduct(deps.db, decodeURIComponent(id));
        return false;
      } catch (error) {
        return error instanceof AppError && error.status === 404;
      }
    };
    app.on(['GET', 'HEAD'], '*', async (c) => {
      const file = resolveInside(root, c.req.path);
      if (file && c.req.path !== '/') {
        const cache = c.req.path.startsWith('/assets/') ? IMMUTABLE : c.req.path === '/sw.js' ? 'no-cache' : 'public, max-age=3600';
        const response = await sendFile(c, file, cache);
        if (response) return response;
      }
      // A client route: the app handles it. A missing file with an extension is a real 404.
      if (path.extname(c.req.path) !== '') return c.json({ message: MESSAGES.notFound }, 404);
      // The home page comes drawn at build time (index.html); other routes get the empty shell with
      // their own code linked (pages/), or shell.html (an older build without either: index.html).
      const pages = c.req.path === '/' ? ['index.html'] : [pageFor(c.req.path), 'shell.html', 'index.html'];
      for (const page of pages) {
        const response = page ? await sendFile(c, path.join(root, page), 'no-cache') : undefined;
        if (!response) continue;
        // A page without its image hint is still the page (the database may be briefly away).
        const hints = c.req.path === '/' ? undefined : await imageHintsFor(c.req.path, c.req.query('sort')).catch(() => undefined);
        if (hints) response.headers.set('Link', hints);
        if (await productMissing(c.req.path)) return new Response(response.body, { status: 404, headers: response.headers });
        return response;
      }
      return c.json({ message: MESSAGES.notFound }, 404);
    });
  }

  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined)
        log.error('request failed', { reqId: c.var.requestId, path: c.req.path, status: error.status, error: errorForLog(error.cause) });
      const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json({ message: status >= 500 ? MESSAGES.serverError : error.message || 'Bad request' }, status);
    }
    if (isConnectionError(error)) {
      log.warn('database unavailable', { reqId: c.var.requestId, error: errorForLog(error) });
      return c.json({ message: 'The shop is briefly unavailable. Please try again in a moment.' }, 503, { 'Retry-After': '5' });
    }
    log.error('unhandled error', { reqId: c.var.requestId, path: c.req.path, error: errorForLog(error) });
    return c.json({ message: MESSAGES.serverError }, 500);
  });

  return app;
}
