import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { button } from '@/client/components/button.css';
import { EyeIcon, EyeOffIcon } from '@/client/components/icons';
import { ModalDialog } from '@/client/components/modal-dialog';
import { ApiFailure } from '@/client/lib/http';
import { localPhone } from '@/client/lib/phone';
import { SHOP_TEXTS } from '@/client/lib/texts';
import { type Session, useSession } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { MESSAGES } from '@/shared/messages';
import { accountPhoneOf, updateUserSchema } from '@/shared/schemas/auth';
import { type ProfileChanges, updateProfile } from '../api';
import { AvatarPicker } from './avatar-picker';
import * as css from './edit-profile.css';

type Field = 'fullName' | 'email' | 'phone' | 'currentPassword' | 'password';
type Values = Record<Field, string>;

const FIELDS: readonly Field[] = ['fullName', 'email', 'phone', 'currentPassword', 'password'];

/** The dialog opens empty but for the phone, which shows the account's own so it can be changed or cleared. */
const initialValues = (session: Session | null): Values => ({
  fullName: '',
  email: '',
  phone: session?.phone ? localPhone(session.phone) : '',
  currentPassword: '',
  password: '',
});

/** Whether the typed e-mail is a new one (not the stored one in another case): it needs the current password. */
function isNewEmail(typed: string, stored: string): boolean {
  const email = typed.trim().toLowerCase();
  return email !== '' && email !== stored.trim().toLowerCase();
}

/**
 * Whether the phone box says something other than the account's phone: another number, or empty
 * where there was one (removing it). `stored` undefined: a session from before accounts had phones,
 * whose phone is unknown, so an empty box changes nothing. A number that is not one counts as a
 * change, for the schema to refuse.
 */
function isPhoneChange(typed: string, stored: string | null | undefined): boolean {
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
function profileChanges(values: Values, session: Session): { changes: ProfileChanges } | { error: string; field: Field } {
  const fullName = values.fullName.trim();
  const email = values.email.trim();
  const newPhone = isPhoneChange(values.phone, session.phone);
  if (!fullName && !email && !values.password && !newPhone) return { error: MESSAGES.profileNothing, field: 'fullName' };
  if (values.password && !values.currentPassword) return { error: MESSAGES.profileNeedsCurrent, field: 'currentPassword' };
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
      error: issue?.message ?? MESSAGES.profileNothing,
      field: FIELDS.includes(field as Field) ? (field as Field) : 'fullName',
    };
  }
  if (newEmail && !values.currentPassword) return { error: MESSAGES.profileEmailNeedsCurrent, field: 'currentPassword' };
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
function fieldOfFailure(failure: ApiFailure): Field | undefined {
  const named = failure.errors?.map((e) => e.path[0]).find((f): f is Field => FIELDS.includes(f as Field));
  if (named) return named;
  if (failure.message === MESSAGES.incorrectOldPassword || failure.message === ACCOUNT_TEXTS.profilePhoneNeedsCurrent) return 'currentPassword';
  if (failure.message === ACCOUNT_TEXTS.phoneTaken || failure.message === ACCOUNT_TEXTS.accountPhoneInvalid) return 'phone';
  return undefined;
}

/**
 * Edit Profile (spec section 2): Full Name, Email Address, Phone (issue 27: the account's own, for a
 * reset by SMS), Current Password and New Password, each password with a show/hide toggle. A native
 * modal <dialog>: focus stays inside, Escape closes it, and the caller puts focus back where it was.
 */
export function EditProfileDialog({ onClose }: { onClose: () => void }) {
  const session = useSession((s) => s.session);
  const [values, setValues] = useState<Values>(() => initialValues(session));
  const [error, setError] = useState<{ message: string; field?: Field } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const ids = { fullName: useId(), email: useId(), phone: useId(), currentPassword: useId(), password: useId() };

  // Signed out meanwhile (a 401 ends the session): nothing left to edit.
  useEffect(() => {
    if (!session) onClose();
  }, [session, onClose]);

  if (!session) return null;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (error?.field === field) setError(null);
  };

  const fail = (message: string, field?: Field) => {
    setError({ message, field });
    if (field) document.getElementById(ids[field])?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = profileChanges(values, session);
    if ('error' in result) {
      fail(result.error, result.field);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await updateProfile(session.userId, result.changes);
      // An answer without the phone leaves the one this device knows.
      useSession.getState().update({ fullName: user.fullName, email: user.email, ...(user.phone !== undefined && { phone: user.phone }) });
      toast.success(MESSAGES.profileUpdated);
      onClose();
    } catch (failure) {
      // 401: the http client has signed the user out and said so; the modal just closes.
      if (failure instanceof ApiFailure && failure.status === 401) {
        onClose();
        return;
      }
      const message = failure instanceof Error ? failure.message : MESSAGES.profileUpdateFailed;
      fail(message, failure instanceof ApiFailure ? fieldOfFailure(failure) : undefined);
      setBusy(false);
    }
  };

  // Each field: marked, and described by the error, while the error is about it.
  const fieldProps = (field: Field) => ({
    id: ids[field],
    value: values[field],
    invalid: error?.field === field,
    describedBy: error?.field === field ? errorId : undefined,
    onChange: set(field),
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
        <TextField label="Full Name" type="text" autoComplete="name" placeholder={session.fullName} {...fieldProps('fullName')} />
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={session.email}
          hint={isNewEmail(values.email, session.email) ? 'A new email needs your current password.' : undefined}
          {...fieldProps('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="Such as 024 123 4567"
          hint={phoneHint(values.phone, session.phone)}
          {...fieldProps('phone')}
        />
        <PasswordField label="Current Password" autoComplete="current-password" {...fieldProps('currentPassword')} />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters. Needs your current password."
          {...fieldProps('password')}
        />
        <div className={css.buttons}>
          <button type="button" className={button({ tone: 'quiet' })} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button({ tone: 'primary' })} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** What the phone is for, and (once it differs from the account's) that the change needs the current password. */
function phoneHint(typed: string, stored: string | null | undefined): string {
  if (isPhoneChange(typed, stored))
    return typed.trim() === '' ? 'Removing your phone needs your current password.' : 'A new phone needs your current password.';
  return stored ? 'For a password reset by SMS. Clear it to remove it.' : 'Optional. Lets you reset your password by SMS.';
}

/** What every field of the dialog takes (fieldProps gives all but the label and autoComplete). */
interface FieldProps {
  id: string;
  label: string;
  autoComplete: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange(value: string): void;
}

/** Full Name, Email Address (the placeholder shows what is there now) and Phone (the box holds it). */
function TextField({
  id,
  label,
  type,
  autoComplete,
  inputMode,
  placeholder,
  value,
  invalid,
  describedBy,
  hint,
  onChange,
}: FieldProps & { type: 'text' | 'email' | 'tel'; inputMode?: 'email' | 'tel'; placeholder: string; hint?: string }) {
  return (
    <FieldFrame id={id} label={label} hint={hint} describedBy={describedBy}>
      {(described) => (
        <input
          id={id}
          className={css.input}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A field's label, its control (given the ids that describe it: the caller's, then the hint's) and its hint. */
function FieldFrame({
  id,
  label,
  hint,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  describedBy?: string;
  children(described: string | undefined): ReactNode;
}) {
  const hintId = useId();
  const described = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      {children(described)}
      {hint && (
        <p id={hintId} className={css.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password with its show/hide toggle (aria-pressed). */
function PasswordField({ id, label, autoComplete, value, invalid, describedBy, hint, onChange }: FieldProps & { hint?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} describedBy={describedBy}>
      {(described) => (
        <div className={css.passwordWrap}>
          <input
            id={id}
            className={css.passwordInput}
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="off"
            spellCheck={false}
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className={css.toggle}
            aria-label={`Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
