import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { detectMomoNetwork, localMomoNumber } from '../momo';
import { VERIFICATION_TEXTS } from '../verification-texts';

/**
 * A phone confirmed by a code sent to it. Only Ghana mobile numbers (a prefix of MTN,
 * Telecel or AirtelTigo): a code to a landline or a foreign number would be paid for and never read.
 * Kept as `+233` and 9 digits.
 */
export const mobilePhone = z.pipe(
  z.string({ error: VERIFICATION_TEXTS.phoneRequired }).check(
    z.trim(),
    z.minLength(1, VERIFICATION_TEXTS.phoneRequired),
    z.refine((phone) => detectMomoNetwork(phone) !== undefined, VERIFICATION_TEXTS.mobileOnly),
  ),
  z.transform((phone) => `+233${(localMomoNumber(phone) ?? phone).slice(1)}`),
);

/** `POST /phoneCodes`: send a code to this phone. */
export const phoneCodeRequestSchema = z.object({ phone: mobilePhone });

/** `POST /phoneCodes/verify`: the code the phone received. */
export const phoneCodeVerifySchema = z.object({
  phone: mobilePhone,
  code: z
    .string({ error: VERIFICATION_TEXTS.codeRequired })
    .check(z.trim(), z.minLength(1, VERIFICATION_TEXTS.codeRequired), z.regex(new RegExp(`^\\d{${LIMITS.phoneCodeDigits}}$`), VERIFICATION_TEXTS.codeFormat)),
});
