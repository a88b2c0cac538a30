import { type Context, Hono } from 'hono';
import type { ContactMessage, PromoCode } from '@/shared/admin-types';
import { DELIVERY_OPTION_TEXTS, deliveryOptionCreateSchema, deliveryOptionOrderSchema, deliveryOptionUpdateSchema } from '@/shared/schemas/delivery';
import {
  changePasswordSchema,
  contactMessagesQuerySchema,
  promoCodeCreateSchema,
  promoCodeUpdateSchema,
  type ShopSettingsInput,
  SOCIAL_NETWORKS,
  shopSettingsSchema,
} from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, DataAnswer, DeliveryOption, Listed, MessageAnswer, ShopSettings } from '@/shared/types';
import { badRequest } from '../errors';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { type FormValue, jsonBody, parseWith, queryOf, readForm, readJson } from '../http/validate';
import { imageKeyOfUrl } from '../services/catalogue/image-urls';
import { createDeliveryOption, deleteDeliveryOption, listDeliveryOptions, reorderDeliveryOptions, updateDeliveryOption } from '../services/orders/delivery';
import {
  changePassword,
  createPromoCode,
  deletePromoCode,
  listContactMessages,
  listPromoCodes,
  updatePromoCode,
  updateSettings,
} from '../services/shop/admin-shop';
import { withShopSetup } from '../services/shop/shop';
import { currentPasswordCheck } from './auth';

const FORM_UNREADABLE = 'The form data could not be read.';

/** The first of a repeated text field (an array fails validation with the field's own message otherwise). */
function text(value: FormValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value instanceof File ? undefined : value.find((v) => typeof v === 'string');
}

/**
 * The settings form as the schema's object. Social links come as `facebook`, `socials[facebook]` or
 * `socials.facebook`, or all together as a JSON text field `socials`.
 */
function settingsFromForm(form: Record<string, FormValue>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of ['shopName', 'email', 'phone', 'whatsapp', 'address', 'removeLogo', 'vitalsSamplePercent']) {
    const value = form[name];
    if (value !== undefined) fields[name] = text(value) ?? value;
  }
  let socials: Record<string, unknown> | undefined;
  const socialsText = text(form.socials);
  if (socialsText !== undefined && socialsText.trim() !== '') {
    try {
      socials = JSON.parse(socialsText);
    } catch {
      throw badRequest('socials must be an object of links.', [{ path: ['socials'], message: 'socials must be an object of links.' }]);
    }
  }
  for (const network of SOCIAL_NETWORKS) {
    const value = form[`socials[${network}]`] ?? form[`socials.${network}`] ?? form[network];
    if (value === undefined) continue;
    if (socials === undefined || typeof socials !== 'object' || socials === null || Array.isArray(socials)) socials = {};
    socials[network] = text(value) ?? value;
  }
  if (socials !== undefined) fields.socials = socials;
  return fields;
}

/**
 * The logo part of a multipart form: a file replaces the logo. An empty file input (no file chosen,
 * sent as an unnamed empty part), a blank text or our own image URL echoed back (at `/uploads/` or
 * STORAGE_PUBLIC_URL) keep it.
 */
function logoFromForm(value: FormValue | undefined): File | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    const files = value.filter((v) => !(v instanceof File && v.size === 0 && v.name === ''));
    if (files.length > 1) throw badRequest('Send one logo image.', [{ path: ['logo'], message: 'Send one logo image.' }]);
    return logoFromForm(files[0]);
  }
  if (value instanceof File) return value.size === 0 && value.name === '' ? undefined : value;
  if (value.trim() === '' || imageKeyOfUrl(value) !== undefined) return undefined;
  throw badRequest(SERVER_MESSAGES.logoNotImage, [{ path: ['logo'], message: SERVER_MESSAGES.logoNotImage }]);
}

/** PATCH /settings takes a multipart (or url-encoded) form with an optional `logo` file, or JSON. */
async function readSettings(c: Context<AppEnv>): Promise<{ input: ShopSettingsInput; logo: File | undefined }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    return { input: await readJson(c, shopSettingsSchema), logo: undefined };
  }
  const form = await readForm(c, FORM_UNREADABLE);
  // Fields first: a refused form must not leave a stored image behind.
  const input = parseWith(shopSettingsSchema, settingsFromForm(form));
  return { input, logo: logoFromForm(form.logo) };
}

/** Admin: shop settings, the admin's password, contact messages, promo codes. */
export function adminShopRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return (
    new Hono<AppEnv>()
      .patch('/settings', admin, async (c) => {
        const { input, logo } = await readSettings(c);
        const data = await updateSettings(deps.db, deps.imageStore, input, logo, deps.clock());
        return c.json({ message: SERVER_MESSAGES.settingsSaved, data: withShopSetup(deps, data) } satisfies ChangeAnswer<ShopSettings>);
      })
      .patch('/changePassword', admin, jsonBody(changePasswordSchema), async (c) => {
        const input = c.req.valid('json');
        // A stolen admin token must not be a free password-guessing oracle: the profile's limit, shared.
        return c.json(
          (await changePassword(deps.db, c.var.user, input, deps.clock(), {
            beforePasswordCheck: currentPasswordCheck(deps, c.var.user.id),
          })) satisfies MessageAnswer,
        );
      })
      .get('/getContactMessages', admin, queryOf(contactMessagesQuerySchema), async (c) =>
        c.json((await listContactMessages(deps.db, c.req.valid('query'))) satisfies Listed<'messages', ContactMessage>),
      )
      .get('/promoCodes', admin, async (c) => c.json({ data: await listPromoCodes(deps.db, deps.clock()) } satisfies DataAnswer<PromoCode[]>))
      .post('/promoCodes', admin, jsonBody(promoCodeCreateSchema), async (c) => {
        const input = c.req.valid('json');
        return c.json(
          { message: SERVER_MESSAGES.promoSaved, data: await createPromoCode(deps.db, input, deps.clock()) } satisfies ChangeAnswer<PromoCode[]>,
          201,
        );
      })
      .patch('/promoCodes/:code', admin, jsonBody(promoCodeUpdateSchema), async (c) => {
        const input = c.req.valid('json');
        return c.json({
          message: SERVER_MESSAGES.promoSaved,
          data: await updatePromoCode(deps.db, c.req.param('code'), input, deps.clock()),
        } satisfies ChangeAnswer<PromoCode[]>);
      })
      .delete('/promoCodes/:code', admin, async (c) => {
        return c.json({ message: SERVER_MESSAGES.promoDeleted, data: await deletePromoCode(deps.db, c.req.param('code'), deps.clock()) } satisfies ChangeAnswer<
          PromoCode[]
        >);
      })
      // Delivery options: every change answers the whole list, in the checkout's order.
      .get('/deliveryOptions', admin, async (c) =>
        c.json({ data: await listDeliveryOptions(deps.db, { activeOnly: false }) } satisfies DataAnswer<DeliveryOption[]>),
      )
      .post('/deliveryOptions', admin, jsonBody(deliveryOptionCreateSchema), async (c) => {
        const input = c.req.valid('json');
        return c.json(
          { message: DELIVERY_OPTION_TEXTS.saved, data: await createDeliveryOption(deps.db, input, deps.clock()) } satisfies ChangeAnswer<DeliveryOption[]>,
          201,
        );
      })
      // Before /:id, so `order` is never read as an id.
      .put('/deliveryOptions/order', admin, jsonBody(deliveryOptionOrderSchema), async (c) => {
        const { ids } = c.req.valid('json');
        return c.json({ message: DELIVERY_OPTION_TEXTS.saved, data: await reorderDeliveryOptions(deps.db, ids, deps.clock()) } satisfies ChangeAnswer<
          DeliveryOption[]
        >);
      })
      .patch('/deliveryOptions/:id', admin, jsonBody(deliveryOptionUpdateSchema), async (c) => {
        const input = c.req.valid('json');
        return c.json({
          message: DELIVERY_OPTION_TEXTS.saved,
          data: await updateDeliveryOption(deps.db, c.req.param('id'), input, deps.clock()),
        } satisfies ChangeAnswer<DeliveryOption[]>);
      })
      .delete('/deliveryOptions/:id', admin, async (c) =>
        c.json({ message: DELIVERY_OPTION_TEXTS.deleted, data: await deleteDeliveryOption(deps.db, c.req.param('id')) } satisfies ChangeAnswer<
          DeliveryOption[]
        >),
      )
  );
}
