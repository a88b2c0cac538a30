import * as z from 'zod/mini';
import { ACCOUNT_TEXTS } from '../account-texts';
import { LIMITS } from '../constants';
import { PAGE_MESSAGES } from '../page-messages';
import { isGhanaPhone, toGhanaE164 } from '../phone';
import { emailAddress, optionalText, requiredText } from './fields';

/** An account's phone: a Ghana number (`+233…` or `0…`, spaces ignored), kept as `+233` and 9 digits. */
export function accountPhoneOf(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '');
  if (!isGhanaPhone(compact) || !/^(\+233|0)\d{9}$/.test(compact)) return undefined;
  return toGhanaE164(compact);
}

/** The optional phone of sign-up: blank is none. */
const optionalAccountPhone = z.optional(
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      if (value.trim() === '') return undefined;
      const phone = accountPhoneOf(value);
      if (phone === undefined) {
        ctx.issues.push({ code: 'custom', message: ACCOUNT_TEXTS.accountPhoneInvalid, input: value });
        return z.NEVER;
      }
      return phone;
    }),
  ),
);

/** What a shopper typed to be found by: an e-mail (lower case) or a Ghana phone (`+233…`), and so the channel. */
export type Contact = { channel: 'email'; address: string } | { channel: 'sms'; address: string };

export function contactOf(input: string): Contact | undefined {
  const value = input.trim();
  if (value.includes('@')) {
    const address = value.toLowerCase();
    return address.length <= LIMITS.maxEmailLength && z.email().safeParse(address).success ? { channel: 'email', address } : undefined;
  }
  const phone = accountPhoneOf(value);
  return phone ? { channel: 'sms', address: phone } : undefined;
}

const contact = z.pipe(
  z
    .string({ error: ACCOUNT_TEXTS.contactRequired })
    .check(z.trim(), z.minLength(1, ACCOUNT_TEXTS.contactRequired), z.maxLength(LIMITS.maxEmailLength, ACCOUNT_TEXTS.contactInvalid)),
  z.transform((value, ctx) => {
    const found = contactOf(value);
    if (!found) {
      ctx.issues.push({ code: 'custom', message: ACCOUNT_TEXTS.contactInvalid, input: value });
      return z.NEVER;
    }
    return found;
  }),
);

export const loginSchema = z.object({
  email: z
    .string({ error: PAGE_MESSAGES.signInMissing })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, PAGE_MESSAGES.signInMissing), z.maxLength(LIMITS.maxEmailLength, PAGE_MESSAGES.signInFailed)),
  password: z
    .string({ error: PAGE_MESSAGES.signInMissing })
    .check(z.minLength(1, PAGE_MESSAGES.signInMissing), z.maxLength(LIMITS.maxPasswordLength, PAGE_MESSAGES.signInFailed)),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.minLength(1, missing),
      z.minLength(LIMITS.minPasswordLength, PAGE_MESSAGES.passwordTooShort),
      z.maxLength(LIMITS.maxPasswordLength, `At most ${LIMITS.maxPasswordLength} characters.`),
    );

export const signUpSchema = z
  .object({
    fullName: requiredText(PAGE_MESSAGES.signUpMissing, LIMITS.maxNameLength),
    email: emailAddress(PAGE_MESSAGES.signUpMissing),
    password: newPassword(PAGE_MESSAGES.signUpMissing),
    confirmPassword: z.string({ error: PAGE_MESSAGES.signUpMissing }).check(z.minLength(1, PAGE_MESSAGES.signUpMissing)),
    /** Optional: a way to reset the password by SMS. */
    phone: optionalAccountPhone,
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: PAGE_MESSAGES.passwordsDiffer, path: ['confirmPassword'] }));
export type SignUpInput = z.infer<typeof signUpSchema>;

export const updateUserSchema = z
  .object({
    fullName: optionalText(LIMITS.maxNameLength),
    email: z.optional(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    password: z.optional(
      z.pipe(
        z.string(),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    currentPassword: z.optional(
      z.pipe(
        z.string(),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    /** A new phone; blank (or null) removes it; absent leaves it. Changing it needs the current password. */
    phone: z.optional(
      z.pipe(
        z.nullable(z.string()),
        z.transform((value, ctx) => {
          if (value === null || value.trim() === '') return null;
          const phone = accountPhoneOf(value);
          if (phone === undefined) {
            ctx.issues.push({ code: 'custom', message: ACCOUNT_TEXTS.accountPhoneInvalid, input: value, path: [] });
            return z.NEVER;
          }
          return phone;
        }),
      ),
    ),
  })
  .check(
    z.refine((v) => v.fullName !== undefined || v.email !== undefined || v.password !== undefined || v.phone !== undefined, {
      message: PAGE_MESSAGES.profileNothing,
    }),
    z.refine((v) => v.email === undefined || (v.email.length <= LIMITS.maxEmailLength && z.email().safeParse(v.email).success), {
      message: PAGE_MESSAGES.invalidEmail,
      path: ['email'],
    }),
    z.refine((v) => v.password === undefined || v.password.length >= LIMITS.minPasswordLength, {
      message: PAGE_MESSAGES.passwordTooShort,
      path: ['password'],
    }),
    z.refine((v) => v.password === undefined || v.password.length <= LIMITS.maxPasswordLength, {
      message: `At most ${LIMITS.maxPasswordLength} characters.`,
      path: ['password'],
    }),
    z.refine((v) => v.password === undefined || v.currentPassword !== undefined, {
      message: PAGE_MESSAGES.profileNeedsCurrent,
      path: ['currentPassword'],
    }),
  );
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

const newPasswordPair = {
  password: newPassword(PAGE_MESSAGES.signUpMissing),
  confirmPassword: z.string({ error: PAGE_MESSAGES.signUpMissing }).check(z.minLength(1, PAGE_MESSAGES.signUpMissing)),
};
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
  message: PAGE_MESSAGES.passwordsDiffer,
  path: ['confirmPassword'],
});

/** `POST /forgotPassword`: the e-mail (a link goes there) or the phone (a code goes there by SMS). */
export const forgotPasswordSchema = z.object({ contact });

/** A reset link's token: 32 random bytes, base64url. */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const RESET_CODE = new RegExp(`^\\d{${LIMITS.resetCodeDigits}}$`);

/** `POST /resetPassword` with the token of an e-mailed link. */
export const resetByLinkSchema = z
  .object({ token: z.string({ error: ACCOUNT_TEXTS.resetLinkInvalid }).check(z.regex(RESET_TOKEN, ACCOUNT_TEXTS.resetLinkInvalid)), ...newPasswordPair })
  .check(passwordsMatch);

/** `POST /resetPassword` with the phone and the code of an SMS. */
export const resetByCodeSchema = z
  .object({
    contact,
    code: z.string({ error: ACCOUNT_TEXTS.resetCodeRequired }).check(
      z.overwrite((v) => v.replace(/\s+/g, '')),
      z.regex(RESET_CODE, ACCOUNT_TEXTS.resetCodeRequired),
    ),
    ...newPasswordPair,
  })
  .check(passwordsMatch);

/** Either way of `POST /resetPassword`: a `token` says the link, else the phone and code (resetSchemaFor picks). */
export const resetPasswordSchema = z.union([resetByLinkSchema, resetByCodeSchema]);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export const resetSchemaFor = (body: object) => ('token' in body ? resetByLinkSchema : resetByCodeSchema);

/** `POST /lookupOrder`: an order's number and the phone or e-mail it was placed with. */
export const orderLookupSchema = z.object({
  orderNumber: z.pipe(
    z
      .string({ error: ACCOUNT_TEXTS.orderNumberRequired })
      .check(z.trim(), z.minLength(1, ACCOUNT_TEXTS.orderNumberRequired), z.maxLength(20, ACCOUNT_TEXTS.orderNumberRequired)),
    z.transform((v) => {
      const compact = v.toUpperCase().replace(/[\s-]+/g, '');
      return compact.startsWith('NK') ? `NK-${compact.slice(2)}` : `NK-${compact}`;
    }),
  ),
  contact,
});
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;

/** `POST /sendPasswordReset/{userId}` (admin): by the account's e-mail or its phone. */
export const adminSendResetSchema = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose email or sms.' }),
});
export type AdminSendResetInput = z.infer<typeof adminSendResetSchema>;
