import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { DELIVERY_FEE_PAID_WITH, DELIVERY_TEXTS, GHANA_REGIONS, GPS_ADDRESS, normalizeGpsAddress } from '../delivery';
import { isId, noControlCharacters, requiredText } from './fields';

/** The admin's delivery options and the checkout's delivery fields. */

export const DELIVERY_OPTION_TEXTS = {
  nameMissing: 'Give the delivery option a name.',
  regionsInvalid: `Regions must be among Ghana's 16: ${GHANA_REGIONS.join(', ')}.`,
  citiesInvalid: 'Towns are names of up to 100 characters, at most 50 of them.',
  feeInvalid: `The fee is an amount in cedis from 0 to ${LIMITS.maxDeliveryFee}, with at most 2 decimals.`,
  freeFromInvalid: `"Free from" is an amount in cedis from 0 to ${LIMITS.maxOrderTotal}, with at most 2 decimals, or empty.`,
  paidWithInvalid: 'Say whether the fee is paid with the order or to the rider.',
  tooMany: `A shop can have at most ${LIMITS.maxDeliveryOptions} delivery options.`,
  notFound: 'Delivery option not found.',
  orderInvalid: 'Send every delivery option id once, in the new order.',
  saved: 'Delivery options saved.',
  deleted: 'Delivery option deleted.',
} as const;

/** A whole number of pesewas in cedis, from 0 to `max`, as a number or as digits a form sends. */
const cedis = (max: number, message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(n) || n < 0 || n > max || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );

const regionList = z
  .array(z.enum(GHANA_REGIONS, { error: DELIVERY_OPTION_TEXTS.regionsInvalid }), { error: DELIVERY_OPTION_TEXTS.regionsInvalid })
  .check(z.maxLength(GHANA_REGIONS.length, DELIVERY_OPTION_TEXTS.regionsInvalid));

const cityList = z.pipe(
  z
    .array(
      z.string({ error: DELIVERY_OPTION_TEXTS.citiesInvalid }).check(z.trim(), z.maxLength(100, DELIVERY_OPTION_TEXTS.citiesInvalid), noControlCharacters()),
      { error: DELIVERY_OPTION_TEXTS.citiesInvalid },
    )
    .check(z.maxLength(50, DELIVERY_OPTION_TEXTS.citiesInvalid)),
  // Blank towns dropped, each town once (whatever its case).
  z.transform((cities) => [...new Map(cities.filter((c) => c !== '').map((c) => [c.toLowerCase(), c])).values()]),
);

const deliveryOptionShape = {
  name: requiredText(DELIVERY_OPTION_TEXTS.nameMissing, 120),
  regions: z.pipe(
    regionList,
    z.transform((regions) => [...new Set(regions)]),
  ),
  cities: cityList,
  fee: cedis(LIMITS.maxDeliveryFee, DELIVERY_OPTION_TEXTS.feeInvalid),
  freeFrom: z.nullable(cedis(LIMITS.maxOrderTotal, DELIVERY_OPTION_TEXTS.freeFromInvalid)),
  eta: z
    .string({ error: 'The estimated time is a text of up to 60 characters.' })
    .check(z.trim(), z.maxLength(60, 'At most 60 characters.'), noControlCharacters()),
  feePaidWith: z.enum(DELIVERY_FEE_PAID_WITH, { error: DELIVERY_OPTION_TEXTS.paidWithInvalid }),
  pickup: z.boolean({ error: 'pickup must be true or false.' }),
  active: z.boolean({ error: 'active must be true or false.' }),
};

/** `POST /deliveryOptions`: a new option; regions, towns, free-from, time and pickup may be left out. */
export const deliveryOptionCreateSchema = z.object({
  name: deliveryOptionShape.name,
  regions: z._default(deliveryOptionShape.regions, []),
  cities: z._default(deliveryOptionShape.cities, []),
  fee: deliveryOptionShape.fee,
  freeFrom: z._default(z.optional(deliveryOptionShape.freeFrom), null),
  eta: z._default(deliveryOptionShape.eta, ''),
  feePaidWith: deliveryOptionShape.feePaidWith,
  pickup: z._default(deliveryOptionShape.pickup, false),
  active: z._default(deliveryOptionShape.active, true),
});
export type DeliveryOptionCreateInput = z.infer<typeof deliveryOptionCreateSchema>;

/** `PATCH /deliveryOptions/{id}`: any of the fields; at least one. */
export const deliveryOptionUpdateSchema = z
  .partial(z.object(deliveryOptionShape))
  .check(z.refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Send at least one field to change.' }));
export type DeliveryOptionUpdateInput = z.infer<typeof deliveryOptionUpdateSchema>;

/** `PUT /deliveryOptions/order`: every option's id, once, in the order the checkout lists them. */
export const deliveryOptionOrderSchema = z.object({
  ids: z
    .array(z.string().check(z.refine(isId, DELIVERY_OPTION_TEXTS.orderInvalid)), { error: DELIVERY_OPTION_TEXTS.orderInvalid })
    .check(z.maxLength(LIMITS.maxDeliveryOptions, DELIVERY_OPTION_TEXTS.orderInvalid)),
});

/* ---------- The checkout's delivery fields ---------- */

export const regionField = z.optional(z.enum(GHANA_REGIONS, { error: DELIVERY_TEXTS.regionRequired }));

/** A GhanaPost GPS address, normalised (`ga1838164` → `GA-183-8164`); blank: none. */
export const gpsAddressField = z.optional(
  z.pipe(
    z.string({ error: DELIVERY_TEXTS.gpsInvalid }).check(z.maxLength(40, DELIVERY_TEXTS.gpsInvalid)),
    z.transform((typed, ctx) => {
      if (typed.trim() === '') return undefined;
      const normalized = normalizeGpsAddress(typed);
      if (!GPS_ADDRESS.test(normalized)) {
        ctx.issues.push({ code: 'custom', message: DELIVERY_TEXTS.gpsInvalid, input: typed });
        return z.NEVER;
      }
      return normalized;
    }),
  ),
);

export const deliveryOptionIdField = z.optional(z.string({ error: DELIVERY_TEXTS.optionGone }).check(z.refine(isId, DELIVERY_TEXTS.optionGone)));

/** The fee the checkout showed for the chosen option, in cedis: a different fee on the server is a 409, never a silent charge. */
export const shownDeliveryFeeField = z.optional(
  z
    .number({ error: 'deliveryFee must be an amount in cedis.' })
    .check(z.minimum(0, 'deliveryFee must be an amount in cedis.'), z.maximum(LIMITS.maxDeliveryFee)),
);
