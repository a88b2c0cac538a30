import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type ChangePasswordInput, changePasswordSchema } from '@/shared/schemas/shop';

export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;
export type PasswordErrors = Partial<Record<PasswordField, string>>;

export const NO_PASSWORDS: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The spec's password-change rules in its order: every field filled in, the new passwords the same,
 * then at least 8 characters. Returns what to send, or the message and the fields it is about.
 */
export function checkPasswordChange(values: PasswordValues): { input: ChangePasswordInput } | { message: string; errors: PasswordErrors } {
  const empty = PASSWORD_FIELDS.filter((f) => values[f] === '');
  if (empty.length > 0) {
    return { message: PAGE_MESSAGES.passwordFieldsMissing, errors: Object.fromEntries(empty.map((f) => [f, PAGE_MESSAGES.passwordFieldsMissing])) };
  }
  if (values.newPassword !== values.confirmPassword) {
    return { message: PAGE_MESSAGES.newPasswordsDiffer, errors: { confirmPassword: PAGE_MESSAGES.newPasswordsDiffer } };
  }
  // The shared schema has the length rules (and the server applies the same).
  const parsed = changePasswordSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = PASSWORD_FIELDS.find((f) => f === issue?.path[0]) ?? 'newPassword';
    const message = issue?.message ?? PAGE_MESSAGES.passwordTooShort;
    return { message, errors: { [field]: message } };
  }
  return { input: parsed.data };
}
