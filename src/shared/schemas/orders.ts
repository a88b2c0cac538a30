import * as z from 'zod/mini';
import { ORDER_FLAGS, REFUND_STATES } from '../back-office';
import { LIMITS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from '../constants';
import { localMomoNumber, MOMO_NETWORK_CODES } from '../momo';
import { PAGE_MESSAGES } from '../page-messages';
import { isGhanaPhone } from '../phone';
import { deliveryOptionIdField, gpsAddressField, regionField, shownDeliveryFeeField } from './delivery';
import { emailAddress, noControlCharacters, optionalText, pagingShape, productId, quantity, requiredText } from './fields';

/** Checkout rules of spec section 5, shared by the checkout form and the order calls. */

/** `+233` and 9 digits, or exactly 10 digits; spaces the shopper typed are dropped. */
export const ghanaPhone = z.pipe(
  z
    .string({ error: PAGE_MESSAGES.phoneRequired })
    .check(z.trim(), z.minLength(1, PAGE_MESSAGES.phoneRequired), z.refine(isGhanaPhone, PAGE_MESSAGES.invalidPhone)),
  z.transform((phone) => phone.replace(/\s+/g, '')),
);

/** The two methods, matched without regard to case so `cash on delivery` is not a failed order. */
export const paymentMethod = z.pipe(
  z.string({ error: PAGE_MESSAGES.paymentMethodRequired }),
  z.transform((value, ctx) => {
    const method = PAYMENT_METHODS.find((m) => m.toLowerCase() === value.trim().toLowerCase());
    if (!method) {
      ctx.issues.push({ code: 'custom', message: PAGE_MESSAGES.paymentMethodRequired, input: value });
      return z.NEVER;
    }
    return method as PaymentMethod;
  }),
);

/** Promo codes are trimmed and compared in upper case (spec: SAVE10 is case-insensitive). */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

const promoCodeField = z.optional(
  z.pipe(
    optionalText(40),
    z.transform((v) => (v === undefined ? undefined : normalizePromoCode(v))),
  ),
);

export const checkoutFormShape = {
  fullName: requiredText(PAGE_MESSAGES.fullNameRequired, LIMITS.maxNameLength),
  email: emailAddress(PAGE_MESSAGES.emailRequired),
  phone: ghanaPhone,
  /**
   * Required (PAGE_MESSAGES.addressRequired) unless the chosen delivery option is a pickup: the server
   * knows the option, so it checks this (services/orders/delivery.ts); blank counts as absent.
   */
  address: optionalText(300),
  city: requiredText(PAGE_MESSAGES.cityRequired, 100),
  paymentMethod,
  promoCode: promoCodeField,
  /* Where a rider finds the shopper, and how the order travels. */
  region: regionField,
  gpsAddress: gpsAddressField,
  landmark: optionalText(200),
  deliveryOptionId: deliveryOptionIdField,
  /** The fee the checkout showed (cedis); the server refuses the order (409) if its own differs. */
  deliveryFee: shownDeliveryFeeField,
};

/** `POST /createOrder`: the customer's server cart is the order; prices and totals sent along are ignored. */
export const createOrderSchema = z.object(checkoutFormShape);
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

function guestCartLineShape() {
  return z.object({
    productId: productId(PAGE_MESSAGES.invalidCartItems),
    quantity: quantity(1, PAGE_MESSAGES.invalidCartItems),
  });
}
const guestCartLine = guestCartLineShape();

/** `POST /createGuestOrder`: the spec's payload, `cart: [{ productId, quantity as a string }]`. */
export const createGuestOrderSchema = z.object({
  ...checkoutFormShape,
  cart: z
    .array(guestCartLine, { error: PAGE_MESSAGES.cartEmpty })
    .check(z.minLength(1, PAGE_MESSAGES.cartEmpty), z.maxLength(LIMITS.maxMergeLines, PAGE_MESSAGES.invalidCartItems)),
});

/* ---------- An order the shop takes by phone or WhatsApp ---------- */

/** How an entered order is paid: cash on delivery, a Mobile Money prompt sent to a wallet now, or an SMS with a payment link. */
export const ENTERED_ORDER_PAYMENTS = ['cash', 'momo_prompt', 'momo_link'] as const;
export type EnteredOrderPayment = (typeof ENTERED_ORDER_PAYMENTS)[number];

/**
 * How a recorded order starts: Processing (the owner confirmed it with the customer on the phone),
 * or Pending (still to confirm). A Mobile Money order waits for its payment as Pending: only a
 * Pending order can be paid.
 */
export const ENTERED_ORDER_STATUSES = ['Processing', 'Pending'] as const;
export type EnteredOrderStatus = (typeof ENTERED_ORDER_STATUSES)[number];

export const ENTERED_ORDER_TEXTS = {
  statusInvalid: 'Choose how the order starts: Processing or Pending.',
  momoStartsPending: 'A Mobile Money order stays Pending until it is paid.',
  paymentInvalid: 'Choose how the order is paid: cash on delivery, a Mobile Money prompt, or a payment link by SMS.',
  walletNeeded: 'Enter the Mobile Money number and network to send the prompt to.',
  placed: 'Order recorded.',
  promptSent: 'Order recorded. The Mobile Money prompt is on its way to the phone.',
  linkSent: 'Order recorded. The payment link is on its way by SMS.',
  paymentNotStarted: (why: string) => `Order recorded, but the payment could not be started: ${why} Try again from the order page.`,
} as const;

/** An e-mail the admin may leave out (the customer gave none): blank is absent. */
const optionalEmail = z.optional(
  z.pipe(
    z.union([z.literal(''), emailAddress(PAGE_MESSAGES.invalidEmail)], { error: PAGE_MESSAGES.invalidEmail }),
    z.transform((v) => (v === '' ? undefined : v)),
  ),
);

const { paymentMethod: _shopperMethod, email: _requiredEmail, ...enteredContactShape } = checkoutFormShape;

/**
 * `POST /adminOrders` (admin): the products and quantities, the customer's name, phone, optional
 * e-mail, address and delivery, the payment, and how a cash order starts (`orderStatus`). Stock is taken exactly as for a shopper's order,
 * under the `Idempotency-Key` header.
 */
export const enteredOrderSchema = z
  .object({
    ...enteredContactShape,
    email: optionalEmail,
    payment: z.enum(ENTERED_ORDER_PAYMENTS, { error: ENTERED_ORDER_TEXTS.paymentInvalid }),
    /** Absent: Processing for cash, Pending for Mobile Money. */
    orderStatus: z.optional(z.enum(ENTERED_ORDER_STATUSES, { error: ENTERED_ORDER_TEXTS.statusInvalid })),
    momoPhone: z.optional(momoNumberField()),
    momoNetwork: z.optional(z.enum(MOMO_NETWORK_CODES, { error: PAGE_MESSAGES.momoNetworkRequired })),
    lines: z
      .array(guestCartLineShape(), { error: PAGE_MESSAGES.cartEmpty })
      .check(z.minLength(1, PAGE_MESSAGES.cartEmpty), z.maxLength(LIMITS.maxMergeLines, PAGE_MESSAGES.invalidCartItems)),
  })
  .check(
    z.refine((v) => v.payment !== 'momo_prompt' || (v.momoPhone !== undefined && v.momoNetwork !== undefined), {
      message: ENTERED_ORDER_TEXTS.walletNeeded,
      path: ['momoPhone'],
    }),
    z.refine((v) => v.payment === 'cash' || v.orderStatus !== 'Processing', { message: ENTERED_ORDER_TEXTS.momoStartsPending, path: ['orderStatus'] }),
  );
export type EnteredOrderInput = z.infer<typeof enteredOrderSchema>;

export const validatePromoSchema = z.object({
  code: z.pipe(requiredText(PAGE_MESSAGES.invalidPromo, 40), z.transform(normalizePromoCode)),
  subtotal: z.optional(z.number().check(z.minimum(0), z.maximum(100_000_000))),
});

/** `POST /initializePayment`: the spec's `email` and `total` are accepted and ignored; the order decides. */
export const initializePaymentSchema = z.object({
  orderId: z.string({ error: PAGE_MESSAGES.orderNotFound }),
});

/** A wallet number in any form a shopper types, sent on in the local form Paystack's Ghana examples use. */
function momoNumberField() {
  return z.pipe(
    z.string({ error: PAGE_MESSAGES.momoNumberRequired }).check(
      z.trim(),
      z.minLength(1, PAGE_MESSAGES.momoNumberRequired),
      z.refine((phone) => localMomoNumber(phone) !== undefined, PAGE_MESSAGES.invalidMomoNumber),
    ),
    z.transform((phone) => localMomoNumber(phone) ?? phone),
  );
}
export const momoNumber = momoNumberField();

/** `POST /chargeMobileMoney`: charge the order's total to this wallet, approved on the phone. */
export const chargeMobileMoneySchema = z.object({
  orderId: z.string({ error: PAGE_MESSAGES.orderNotFound }),
  phone: momoNumber,
  network: z.enum(MOMO_NETWORK_CODES, { error: PAGE_MESSAGES.momoNetworkRequired }),
});

/** `POST /submitPaymentOtp`: the code or voucher the network asked for. */
export const submitPaymentOtpSchema = z.object({
  reference: z.string({ error: PAGE_MESSAGES.paymentNotFound }),
  otp: z
    .string({ error: PAGE_MESSAGES.otpRequired })
    .check(z.trim(), z.minLength(1, PAGE_MESSAGES.otpRequired), z.maxLength(12, PAGE_MESSAGES.otpInvalid), z.regex(/^[A-Za-z0-9]+$/, PAGE_MESSAGES.otpInvalid)),
});

/** `POST /cancelPaymentAttempt`: stop waiting for this charge (only once the provider says it is not paid). */
export const cancelPaymentAttemptSchema = z.object({
  reference: z.string({ error: PAGE_MESSAGES.paymentNotFound }),
});

/** The client's key for one checkout attempt; one order per key. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/** Paystack references: letters, digits, `-`, `.`, `=`. */
export const PAYMENT_REFERENCE = /^[A-Za-z0-9.=-]{6,100}$/;

const orderStatus = z.enum(ORDER_STATUSES, { error: `Unknown order status. Use one of: ${ORDER_STATUSES.join(', ')}.` });
const paymentStatus = z.enum(PAYMENT_STATUSES, { error: `Unknown payment status. Use one of: ${PAYMENT_STATUSES.join(', ')}.` });

/** `GET /getAllOrders`: search by order number, name or e-mail; status, payment, refund and flag filters; paging. */
export const adminOrderListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'The search text is too long.'))),
  status: z.optional(orderStatus),
  paymentStatus: z.optional(paymentStatus),
  /** How much has been refunded: none, part, or all of the total. */
  refundState: z.optional(z.enum(REFUND_STATES, { error: `Unknown refund state. Use one of: ${REFUND_STATES.join(', ')}.` })),
  /** Orders with an open flag: of one kind, or `any`. */
  flag: z.optional(z.enum([...ORDER_FLAGS, 'any'], { error: `Unknown flag. Use any, or one of: ${ORDER_FLAGS.join(', ')}.` })),
  ...pagingShape,
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const orderStatusUpdateSchema = z.object({ orderStatus });
export const paymentStatusUpdateSchema = z.object({ paymentStatus });

/** `POST /clearOrderFlag/{flagId}`: the admin says how it was settled. */
export const clearOrderFlagSchema = z.object({
  note: z
    .string({ error: PAGE_MESSAGES.flagNoteRequired })
    .check(z.trim(), z.minLength(1, PAGE_MESSAGES.flagNoteRequired), z.maxLength(500, PAGE_MESSAGES.flagNoteTooLong), noControlCharacters(true)),
});

/** `POST /refundOrder/{id}`: a full or partial refund in cedis; stock returns only when asked. */
export const refundOrderSchema = z.object({
  amount: z.number({ error: PAGE_MESSAGES.refundAmountInvalid }).check(
    z.gt(0, PAGE_MESSAGES.refundAmountInvalid),
    z.maximum(LIMITS.maxOrderTotal, PAGE_MESSAGES.refundAmountInvalid),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PAGE_MESSAGES.refundAmountInvalid),
  ),
  returnToStock: z.optional(z.boolean({ error: 'returnToStock must be true or false.' })),
});
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;
