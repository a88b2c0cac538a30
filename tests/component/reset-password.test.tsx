import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ResetPasswordPage } from '@/client/features/auth/reset-password-page';
import { useSession } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { ResetPasswordAnswer } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { freshStoresAndStorage } from './fixtures';
import { renderWithRouter } from './render';

const emptyCart = { Cart: [{ items: [] }] };

/** A token as the e-mailed link carries it: 43 characters of base64url. */
const TOKEN = 'Ab3_x-9QwErTyUiOpAsDfGhJkLzXcVbNm1234567890';

const resetDone: ResetPasswordAnswer = {
  token: 'tok-yaw',
  data: { role: 'customer', _id: 'u5', fullName: 'Yaw Darko', email: 'yaw@example.com', phone: null, avatar: null },
  message: ACCOUNT_TEXTS.passwordResetDone,
};

/**
 * The page as the e-mailed link opens it: the browser's address ends in `hash` (the router's own
 * history is a memory one in these tests; the page reads the browser's).
 */
async function openLink(hash: string, redirectTo?: string) {
  window.history.replaceState(null, '', `/reset-password${hash}`);
  return renderWithRouter(<ResetPasswordPage redirectTo={redirectTo} />, { path: '/reset-password' });
}

async function choose(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

freshStoresAndStorage();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('reset password from the e-mailed link', () => {
  it('reads the token from the fragment, takes it off the address bar, sends it with the new password and signs in', async () => {
    const calls = mockApi({ 'POST resetPassword': () => json(resetDone), 'GET getMyCart': () => json(emptyCart) });
    await openLink(`#token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Choose a new password - Nkuto Naturals'));
    // Gone from the address (and so from the history) at once, before anything is typed.
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/reset-password');

    await choose('baobab-oil-2026');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordResetDone)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      key: 'POST resetPassword',
      body: { token: TOKEN, password: 'baobab-oil-2026', confirmPassword: 'baobab-oil-2026' },
      authorization: null,
    });
    expect(useSession.getState().session).toMatchObject({ token: 'tok-yaw', userId: 'u5', fullName: 'Yaw Darko', phone: null });
  });

  it('goes back to ?redirect= once signed in', async () => {
    mockApi({ 'POST resetPassword': () => json(resetDone), 'GET getMyCart': () => json(emptyCart) });
    await openLink(`#token=${TOKEN}`, '/orders');
    await choose('baobab-oil-2026');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/orders$/);
  });

  it.each([
    ['no fragment', ''],
    ['a fragment without a token', '#top'],
    ['a cut token', `#token=${TOKEN.slice(0, 20)}`],
  ])('%s: says the link cannot be used, with the way to a new one', async (_case, hash) => {
    const calls = mockApi({});
    await openLink(hash, '/checkout');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.resetLinkInvalid);
    expect(screen.getByRole('heading', { level: 1, name: 'Reset link not valid' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password?redirect=%2Fcheckout');
    expect(window.location.hash).toBe('');
    expect(calls).toEqual([]);
  });

  it("a used or stale link: the server's 400 words, with the way to a new one", async () => {
    mockApi({ 'POST resetPassword': () => json({ message: ACCOUNT_TEXTS.resetLinkInvalid }, 400) });
    await openLink(`#token=${TOKEN}`);
    await choose('baobab-oil-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(useSession.getState().session).toBeNull();
  });

  it("too many tries: the server's message in the form, which stays", async () => {
    const tooMany = 'Too many attempts. Please wait a few minutes and try again.';
    mockApi({ 'POST resetPassword': () => json({ message: tooMany }, 429) });
    await openLink(`#token=${TOKEN}`);
    await choose('baobab-oil-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('checks the passwords before sending', async () => {
    const calls = mockApi({});
    await openLink(`#token=${TOKEN}`);
    await choose('short');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(screen.getByLabelText('New Password')).toHaveFocus();
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await choose('baobab-oil-2026', 'baobab-oil-2025');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });
});
