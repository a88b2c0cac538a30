import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { LIMITS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { errorForLog } from './db/errors';
import type { AppDeps, AppEnv, RouteDeps } from './http/env';
import { errorAnswers } from './http/error-answers';
import { pageRoutes } from './http/pages';
import { securityHeaders } from './http/security-headers';
import type { Logger } from './logger';
import { adminCustomerRoutes } from './routes/admin-customers';
import { adminDashboardRoutes } from './routes/admin-dashboard';
import { adminExportRoutes } from './routes/admin-exports';
import { adminOrderRoutes } from './routes/admin-orders';
import { adminProductRoutes } from './routes/admin-products';
import { adminShopRoutes } from './routes/admin-shop';
import { authRoutes } from './routes/auth';
import { avatarRoutes } from './routes/avatars';
import { cartRoutes } from './routes/cart';
import { healthRoutes } from './routes/health';
import { orderRoutes } from './routes/orders';
import { outboxRoutes } from './routes/outbox';
import { paymentRoutes } from './routes/payments';
import { phoneCodeRoutes } from './routes/phone-codes';
import { productRoutes } from './routes/products';
import { sandboxPayRoutes } from './routes/sandbox-pay';
import { seoRoutes } from './routes/seo';
import { setupRoutes } from './routes/setup';
import { shopRoutes } from './routes/shop';
import { uploadRoutes } from './routes/uploads';
import { vitalsRoutes } from './routes/vitals';
import { createCatalogueCache } from './services/catalogue/catalogue-cache';
import { onCatalogueChanged } from './services/catalogue/catalogue-signal';
import { withImageBase } from './services/catalogue/image-urls';
import { diskImageStore, type ImageStore } from './services/catalogue/images';
import { paymentDepsFor } from './services/payments/payment-deps';

export type { AppConfig, AppDeps, PageRenderer } from './http/env';

/** The calls that take multipart image uploads. */
const UPLOAD_PATHS = /^\/api\/(addProduct|updateProductInfo\/[^/]+|settings|myAvatar)$/;

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
  // Image URLs in every answer and page point at STORAGE_PUBLIC_URL when it is set (services/catalogue/image-urls.ts).
  const imageBase = config.imagePublicUrl;
  if (imageBase) app.use((_c, next) => withImageBase(imageBase, next));

  const api = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: (c) => c.json({ message: SERVER_MESSAGES.bodyTooLarge }, 413),
  });
  // Image uploads (products, the shop logo) may carry 4 images of 5 MB; every other body stays small.
  const limitUpload = bodyLimit({
    maxSize: LIMITS.maxProductImages * LIMITS.maxImageBytes + 1024 * 1024,
    onError: (c) => c.json({ message: SERVER_MESSAGES.bodyTooLarge }, 413),
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
  // The cache drops what a change touched on the one "catalogue changed" signal, whoever changed it.
  onCatalogueChanged(deps.db, (change) => catalogue.invalidate(change));
  const imageStore = removalLogged(deps.images ?? diskImageStore(config.uploadsDir), log);
  const routeDeps: RouteDeps = { ...deps, catalogue, imageStore, paymentDeps: paymentDepsFor(deps) };
  for (const routes of [
    healthRoutes,
    productRoutes,
    authRoutes,
    avatarRoutes,
    cartRoutes,
    orderRoutes,
    phoneCodeRoutes,
    paymentRoutes,
    shopRoutes,
    adminOrderRoutes,
    adminDashboardRoutes,
    adminCustomerRoutes,
    adminExportRoutes,
    adminProductRoutes,
    adminShopRoutes,
    outboxRoutes,
    setupRoutes,
    vitalsRoutes,
  ]) {
    api.route('/', routes(routeDeps));
  }
  api.all('*', (c) => c.json({ message: SERVER_MESSAGES.notFound }, 404));
  app.route('/api', api);
  app.route('/', seoRoutes(routeDeps));

  // The test payment page exists only while the sandbox simulates Mobile Money.
  if (routeDeps.paymentDeps.provider?.name === 'sandbox') {
    app.post('/pay/*', limitBody);
    app.route('/pay/sandbox', sandboxPayRoutes(routeDeps));
  }

  app.route('/uploads', uploadRoutes(routeDeps));

  // The PWA's files and pages, last: every address the API and uploads did not answer.
  if (config.clientDir) app.route('/', pageRoutes(routeDeps, config.clientDir));

  app.notFound((c) => c.json({ message: SERVER_MESSAGES.notFound }, 404));

  app.onError(errorAnswers(log));

  return app;
}

/**
 * Deleting a replaced image's files comes after its row changed, so a failure there (a bucket down)
 * must not turn a saved change into an error: it is logged, and the files stay (nothing names them).
 */
function removalLogged(store: ImageStore, log: Logger): ImageStore {
  const { remove } = store;
  if (!remove) return store;
  return {
    ...store,
    async remove(key) {
      try {
        await remove.call(store, key);
      } catch (error) {
        log.warn('replaced image not deleted', { key, error: errorForLog(error) });
      }
    },
  };
}
