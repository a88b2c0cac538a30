import type { InputHTMLAttributes, Ref } from 'react';
import { newsletterInput, subscribeButton } from './footer.css';

/**
 * The newsletter's label, e-mail input and button: drawn by the footer until the form (and its
 * form library) has loaded, then by the form itself, so the footer looks the same throughout.
 */
export function NewsletterFields({
  inputId,
  input,
  inputRef,
  busy = false,
}: {
  inputId: string;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;
  inputRef?: Ref<HTMLInputElement>;
  busy?: boolean;
}) {
  return (
    <>
      <label htmlFor={inputId} className="visually-hidden">
        Email address for the newsletter
      </label>
      <input
        {...input}
        ref={inputRef}
        id={inputId}
        className={newsletterInput}
        type="email"
        name="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder="Your email address"
      />
      <button type="submit" className={subscribeButton} disabled={busy}>
        {busy ? 'Subscribing…' : 'Subscribe'}
      </button>
    </>
  );
}
