import type { ApiFailure } from '@/client/lib/http';
import { localPhone } from '@/client/lib/phone';
import type { Session } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { accountPhoneOf, updateUserSchema } from '@/shared/schemas/auth';
import type { ProfileChanges } from '../api';

export type Field = 'fullName' | 'email' | 'phone' | 'currentPassword' | 'password';
export type Values = Record<Field, string>;

export const FIELDS: readonly Field[] = ['fullName', 'email', 'phone', 'currentPassword', 'password'];

/** The dialog opens empty but for the phone, which shows the account's own so it can be changed or cleared. */
export const initialValues = (session: Session | null): Values => ({
  fullName: '',
  email: '',
  phone: session?.phone ? localPhone(session.phone) : '',
  currentPassword: '',
  password: '',
});

/** Whether the typed e-mail is a new one (not the stored one in another case): it needs the current password. */
export function isNewEmail(typed: string, stored: string): boolean {
  const email = typed.trim().toLowerCase();
  return email !== '' && email !== stored.trim().toLowerCase();
}

/**
 * Whether the phone box says something other than the account's phone: another number, or empty
 * where there was one (removing it). `stored` undefined: a session from before accounts had phones,
 * whose phone is unknown, so an empty box changes nothing. A number that is not one counts as a
 * change, for the schema to refuse.
 */
export function isPhoneChange(typed: string, stored: string | null | undefined): boolean {
  if (typed.trim() === '') return typeof stored === 'string';
  return (accountPhoneOf(typed) ?? typed) !== stored;
}

/**
 * The spec's profile rules (section 5), in its order: something to change, a current password with
 * a new one, then the shared schema's checks (a valid e-mail and phone, 8+ characters), then a
 * current password with a new e-mail or phone. Only filled fields are sent (the phone only when it
 * changed; null removes it); the current password only goes with a new password, e-mail or phone
 * (ARCHITECTURE section 8).
 */
export function profileChanges(values: Values, session: Session): { changes: ProfileChanges } | { error: string; field: Field } {
  const fullName = values.fullName.trim();
  const email = values.email.trim();
  const newPhone = isPhoneChange(values.phone, session.phone);
  if (!fullName && !email && !values.password && !newPhone) return { error: PAGE_MESSAGES.profileNothing, field: 'fullName' };
  if (values.password && !values.currentPassword) return { error: PAGE_MESSAGES.profileNeedsCurrent, field: 'currentPassword' };
  const newEmail = isNewEmail(email, session.email);
  const sendCurrent = Boolean(values.password) || newEmail || newPhone;
  const parsed = updateUserSchema.safeParse({
    fullName,
    email,
    password: values.password,
    currentPassword: sendCurrent ? values.currentPassword : '',
    ...(newPhone && { phone: values.phone }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      error: issue?.message ?? PAGE_MESSAGES.profileNothing,
      field: FIELDS.includes(field as Field) ? (field as Field) : 'fullName',
    };
  }
  if (newEmail && !values.currentPassword) return { error: PAGE_MESSAGES.profileEmailNeedsCurrent, field: 'currentPassword' };
  if (newPhone && !values.currentPassword) return { error: ACCOUNT_TEXTS.profilePhoneNeedsCurrent, field: 'currentPassword' };
  const changes: ProfileChanges = {};
  if (parsed.data.fullName) changes.fullName = parsed.data.fullName;
  if (parsed.data.email) changes.email = parsed.data.email;
  if (newPhone) changes.phone = parsed.data.phone ?? null;
  if (parsed.data.password) changes.password = parsed.data.password;
  if (sendCurrent) changes.currentPassword = values.currentPassword;
  return { changes };
}

/** The field a refusal of the server is about: the one it named, else the one its words name. */
export function fieldOfFailure(failure: ApiFailure): Field | undefined {
  const named = failure.errors?.map((e) => e.path[0]).find((f): f is Field => FIELDS.includes(f as Field));
  if (named) return named;
  if (failure.message === PAGE_MESSAGES.incorrectOldPassword || failure.message === ACCOUNT_TEXTS.profilePhoneNeedsCurrent) return 'currentPassword';
  if (failure.message === ACCOUNT_TEXTS.phoneTaken || failure.message === ACCOUNT_TEXTS.accountPhoneInvalid) return 'phone';
  return undefined;
}

/** What the phone is for, and (once it differs from the account's) that the change needs the current password. */
export function phoneHint(typed: string, stored: string | null | undefined): string {
  if (isPhoneChange(typed, stored))
    return typed.trim() === '' ? 'Removing your phone needs your current password.' : 'A new phone needs your current password.';
  return stored ? 'For a password reset by SMS. Clear it to remove it.' : 'Optional. Lets you reset your password by SMS.';
}
