import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PasswordField } from '@/client/components/text-field';
import { ApiFailure } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { changePassword } from '../api/change-password';
import { checkPasswordChange, NO_PASSWORDS, PASSWORD_FIELDS, type PasswordErrors } from '../lib/password-change';
import { useFormFields, useFormStatus } from '../lib/use-form-status';
import { SETTINGS_TEXTS } from '../texts';
import { SettingsForm } from './settings-form';

/** The fields a server refusal is about: its `errors`, or the current password for 'Incorrect old password'. */
function serverErrors(error: unknown): PasswordErrors {
  if (!(error instanceof ApiFailure)) return {};
  if (error.message === MESSAGES.incorrectOldPassword) return { currentPassword: error.message };
  const found: PasswordErrors = {};
  for (const issue of error.errors ?? []) {
    const field = PASSWORD_FIELDS.find((f) => f === issue.path[0]);
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

/**
 * Change Password: the current password and the new one twice, checked by the spec's rules, then
 * PATCH /changePassword. On success the fields are emptied (this session stays signed in; the
 * server signs the account out everywhere else).
 */
export function ChangePasswordForm() {
  const status = useFormStatus('change-password', PASSWORD_FIELDS);
  const { values, setValues, fieldProps } = useFormFields(status, NO_PASSWORDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.busy) return;
    const checked = checkPasswordChange(values);
    if ('message' in checked) {
      status.showErrors(checked.errors, checked.message);
      return;
    }
    status.start();
    try {
      await changePassword(checked.input);
    } catch (error) {
      status.showErrors(serverErrors(error), error instanceof Error ? error.message : SETTINGS_TEXTS.passwordFailed);
      return;
    }
    setValues(NO_PASSWORDS);
    status.done();
    toast.success(SERVER_MESSAGES.passwordChanged);
  };

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Change Password" busyLabel="Changing…">
      <PasswordField label="Current password" autoComplete="current-password" {...fieldProps('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" hint={SETTINGS_TEXTS.newPasswordHint} {...fieldProps('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...fieldProps('confirmPassword')} />
    </SettingsForm>
  );
}
