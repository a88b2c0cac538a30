import { answerOf, phoneCodesClient } from '@/client/lib/api-client';
import type { PhoneTokenAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { phoneCall } from '../lib/phone-call';

/**
 * `POST /api/phoneCodes/verify {phone, code}`: the phone's token for this device's orders
 * (90 days). A signed-in customer's bearer goes along (the http client adds it): the account then
 * remembers the phone. 400: a wrong or expired code; 429: too many wrong codes today, or a check running.
 */
export function confirmPhoneCode(input: { phone: string; code: string }): Promise<PhoneTokenAnswer> {
  return phoneCall(() => answerOf(phoneCodesClient.phoneCodes.verify.$post({ json: input })), VERIFICATION_TEXTS.unreachable);
}
