import { LIMITS } from '@/shared/constants';
import { PasswordField } from '../../components/text-field';
import type { useAuthForm } from './use-auth-form';

type PasswordFields = 'password' | 'confirmPassword';
type FieldProps = ReturnType<ReturnType<typeof useAuthForm<PasswordFields>>['fieldProps']>;

/** The new password and its confirmation, as sign-up and both resets ask for them. */
export function NewPasswordFields({
  idPrefix,
  fieldProps,
  labels,
}: {
  idPrefix: string;
  fieldProps: (field: PasswordFields) => FieldProps;
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={labels.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.minPasswordLength} characters.`}
        {...fieldProps('password')}
      />
      <PasswordField
        id={`${idPrefix}-confirmPassword`}
        name="confirmPassword"
        label={labels.confirm}
        autoComplete="new-password"
        {...fieldProps('confirmPassword')}
      />
    </>
  );
}
