import { answerOf, phoneCodesClient } from '@/client/lib/api-client';
import type { PhoneCodeAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { phoneCall } from '../lib/phone-call';

/**
 * `POST /api/phoneCodes {phone}`: a code by SMS to a Ghana mobile number. Refused with 400
 * (not a mobile number), 429 (asked again within a minute, with `Retry-After`; or past the caps) and
 * 409 (the shop sends no SMS): a `PhoneCallFailure` with the server's words.
 */
export function sendPhoneCode(phone: string): Promise<PhoneCodeAnswer> {
  return phoneCall(() => answerOf(phoneCodesClient.phoneCodes.$post({ json: { phone } })), VERIFICATION_TEXTS.unreachable);
}
