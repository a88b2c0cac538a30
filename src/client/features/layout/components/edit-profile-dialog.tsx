import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { button } from '@/client/components/button';
import { ModalDialog } from '@/client/components/modal-dialog';
import { ApiFailure } from '@/client/lib/http';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { toast } from '@/client/lib/toast';
import { type Session, useSession } from '@/client/stores/session';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type ProfileChanges, updateProfile } from '../api';
import { AvatarPicker } from './avatar-picker';
import * as css from './edit-profile.css';
import { FIELDS, type Field, fieldOfFailure, initialValues, isNewEmail, phoneHint, profileChanges, type Values } from './profile-changes';
import { ProfilePasswordField, ProfileTextField } from './profile-fields';

type ProfileForm = UseFormReturn<Values, unknown, ProfileChanges>;

/**
 * The spec's profile rules (profile-changes.ts, on the shared schema) as the form's resolver: one
 * refusal at a time, on the field it is about, or the changes to send.
 */
const profileResolver =
  (session: Session): Resolver<Values, unknown, ProfileChanges> =>
  (values) => {
    const result = profileChanges(values, session);
    if ('error' in result) return { values: {}, errors: { [result.field]: { type: 'validate', message: result.error } } };
    return { values: result.changes, errors: {} };
  };

/** The one message the dialog shows: a field's refusal, else the server's words about no field. */
function shownError(errors: FieldErrors<Values>): { message: string; field?: Field } | null {
  const field = FIELDS.find((f) => errors[f]?.message);
  if (field) return { message: errors[field]?.message ?? '', field };
  const server = errors.root?.server?.message;
  return server ? { message: server } : null;
}

/** The save (PATCH updateUser): the session learns the new details; a refusal lands on its field. */
function useSaveProfile(session: Session, form: ProfileForm, onClose: () => void) {
  return useMutation({
    mutationFn: (changes: ProfileChanges) => updateProfile(session.userId, changes),
    onSuccess: (user) => {
      // An answer without the phone leaves the one this device knows.
      useSession.getState().update({ fullName: user.fullName, email: user.email, ...(user.phone !== undefined && { phone: user.phone }) });
      toast.success(PAGE_MESSAGES.profileUpdated);
      onClose();
    },
    onError: (failure) => {
      // 401: the http client has signed the user out and said so; the modal just closes.
      if (failure instanceof ApiFailure && failure.status === 401) {
        onClose();
        return;
      }
      const message = failure instanceof Error ? failure.message : PAGE_MESSAGES.profileUpdateFailed;
      const field = failure instanceof ApiFailure ? fieldOfFailure(failure) : undefined;
      form.setError(field ?? 'root.server', { type: 'server', message }, { shouldFocus: Boolean(field) });
    },
  });
}

/**
 * Edit Profile (spec section 2): Full Name, Email Address, Phone (the account's own, for a reset by
 * SMS), Current Password and New Password, each password with a show/hide toggle. A native modal
 * <dialog>: focus stays inside, Escape closes it, and the caller puts focus back where it was.
 */
export function EditProfileDialog({ onClose }: { onClose: () => void }) {
  const session = useSession((s) => s.session);

  // Signed out meanwhile (a 401 ends the session): nothing left to edit.
  useEffect(() => {
    if (!session) onClose();
  }, [session, onClose]);

  if (!session) return null;
  return <EditProfileForm session={session} onClose={onClose} />;
}

function EditProfileForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const form: ProfileForm = useForm<Values, unknown, ProfileChanges>({
    defaultValues: initialValues(session),
    resolver: profileResolver(session),
  });
  const save = useSaveProfile(session, form, onClose);
  const error = shownError(form.formState.errors);
  const errorId = useId();
  const ids = { fullName: useId(), email: useId(), phone: useId(), currentPassword: useId(), password: useId() };
  const [email, phone] = useWatch({ control: form.control, name: ['email', 'phone'] });

  const onSubmit = form.handleSubmit((changes) => {
    if (!save.isPending) save.mutate(changes);
  });

  // Each field: bound to the form, marked and described by the error while the error is about it.
  const fieldProps = (field: Field) => ({
    id: ids[field],
    bound: form.register(field),
    invalid: error?.field === field,
    describedBy: error?.field === field ? errorId : undefined,
  });

  return (
    <ModalDialog title={SHOP_TEXTS.editProfile} intro="Fill in only what you want to change." initialFocus="form input" onClose={onClose}>
      {error && (
        <p id={errorId} role="alert" className={css.errorBox}>
          {error.message}
        </p>
      )}
      <AvatarPicker />
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <ProfileTextField label="Full Name" type="text" autoComplete="name" placeholder={session.fullName} {...fieldProps('fullName')} />
        <ProfileTextField
          label="Email Address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={session.email}
          hint={isNewEmail(email, session.email) ? 'A new email needs your current password.' : undefined}
          {...fieldProps('email')}
        />
        <ProfileTextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="Such as 024 123 4567"
          hint={phoneHint(phone, session.phone)}
          {...fieldProps('phone')}
        />
        <ProfilePasswordField label="Current Password" autoComplete="current-password" {...fieldProps('currentPassword')} />
        <ProfilePasswordField
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters. Needs your current password."
          {...fieldProps('password')}
        />
        <div className={css.buttons}>
          <button type="button" className={button({ tone: 'quiet' })} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button({ tone: 'primary' })} disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
