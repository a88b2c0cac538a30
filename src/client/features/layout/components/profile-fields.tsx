import { type ReactNode, type Ref, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from '@/client/components/icons';
import * as css from './edit-profile.css';

/** What the form library binds to an input (react-hook-form's `register`). */
export interface BoundInput {
  name: string;
  ref: Ref<HTMLInputElement>;
  onChange(event: { target: unknown; type?: unknown }): unknown;
  onBlur(event: { target: unknown; type?: unknown }): unknown;
}

/** What every field of the dialog takes (the dialog's fieldProps gives all but the label and autoComplete). */
interface FieldProps {
  id: string;
  label: string;
  autoComplete: string;
  bound: BoundInput;
  invalid: boolean;
  describedBy?: string;
}

/** Full Name, Email Address (the placeholder shows what is there now) and Phone (the box holds it). */
export function ProfileTextField({
  id,
  label,
  type,
  autoComplete,
  inputMode,
  placeholder,
  bound,
  invalid,
  describedBy,
  hint,
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
          {...bound}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
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
export function ProfilePasswordField({ id, label, autoComplete, bound, invalid, describedBy, hint }: FieldProps & { hint?: string }) {
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
            {...bound}
            aria-invalid={invalid || undefined}
            aria-describedby={described}
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
