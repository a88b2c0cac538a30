import { LIMITS } from '@/shared/constants';
import { FormTextField } from '../../components/form-text-field';
import type { useAuthForm } from './use-auth-form';

type PasswordFields = 'password' | 'confirmPassword';
/** What useAuthForm's fieldProps gives, of any form that has these two fields. */
type FieldProps = Omit<ReturnType<ReturnType<typeof useAuthForm>['fieldProps']>, 'name'> & { name: string };

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
      <FormTextField
        password
        id={`${idPrefix}-password`}
        label={labels.password}
        autoComplete="new-password"
        hint={`At least ${LIMITS.minPasswordLength} characters.`}
        {...fieldProps('password')}
      />
      <FormTextField password id={`${idPrefix}-confirmPassword`} label={labels.confirm} autoComplete="new-password" {...fieldProps('confirmPassword')} />
    </>
  );
}
