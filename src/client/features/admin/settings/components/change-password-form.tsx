import { FormTextField } from '@/client/components/form-text-field';
import { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { ChangePasswordInput } from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { changePassword } from '../api/change-password';
import { checkPasswordChange, NO_PASSWORDS, PASSWORD_FIELDS, type PasswordErrors, type PasswordValues } from '../lib/password-change';
import { useSettingsForm } from '../lib/use-settings-form';
import { SETTINGS_TEXTS } from '../texts';
import { SettingsForm } from './settings-form';

/** The fields a server refusal is about: its `errors`, or the current password for 'Incorrect old password'. */
function serverErrors(error: unknown): PasswordErrors {
  if (!(error instanceof ApiFailure)) return {};
  if (error.message === PAGE_MESSAGES.incorrectOldPassword) return { currentPassword: error.message };
  const found: PasswordErrors = {};
  for (const issue of error.errors ?? []) {
    const field = PASSWORD_FIELDS.find((f) => f === issue.path[0]);
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

/** The spec's rules as the form reads them: what to send, or the refused fields (each with the form's message). */
function readPasswords(values: PasswordValues) {
  const checked = checkPasswordChange(values);
  return 'message' in checked ? { ok: false as const, errors: checked.errors } : { ok: true as const, value: checked.input };
}

/**
 * Change Password: the current password and the new one twice, checked by the spec's rules, then
 * PATCH /changePassword. On success the fields are emptied (this session stays signed in; the
 * server signs the account out everywhere else).
 */
export function ChangePasswordForm() {
  const { form, status, onSubmit } = useSettingsForm<PasswordValues, ChangePasswordInput, unknown>({
    id: 'change-password',
    fields: PASSWORD_FIELDS,
    defaultValues: NO_PASSWORDS,
    read: readPasswords,
    // Each refused field carries the form's message: the first in form order says it.
    refused: (errors) => PASSWORD_FIELDS.map((f) => errors[f]).find(Boolean) ?? null,
    mutation: { mutationFn: changePassword },
    failed: (error) => ({ message: error instanceof Error ? error.message : SETTINGS_TEXTS.passwordFailed, errors: serverErrors(error) }),
    saved: () => {
      form.reset(NO_PASSWORDS);
      toast.success(SERVER_MESSAGES.passwordChanged);
    },
  });
  const field = (name: (typeof PASSWORD_FIELDS)[number]) => ({
    password: true,
    control: form.control,
    name,
    id: `change-password-${name}`,
    summary: { id: status.summaryId, message: status.message },
  });

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Change Password" busyLabel="Changing…">
      <FormTextField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
      <FormTextField label="New password" autoComplete="new-password" hint={SETTINGS_TEXTS.newPasswordHint} {...field('newPassword')} />
      <FormTextField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
    </SettingsForm>
  );
}
