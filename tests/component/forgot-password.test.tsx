import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '@/client/features/auth/forgot-password-page';
import { useSession } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { ForgotPasswordAnswer, ResetPasswordAnswer, ShopSettings } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { freshStoresAndStorage, givenShopSettings, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

const emptyCart = { Cart: [{ items: [] }] };
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

const sentByEmail: ForgotPasswordAnswer = { message: ACCOUNT_TEXTS.resetLinkSent, channel: 'email' };
const sentBySms: ForgotPasswordAnswer = { message: ACCOUNT_TEXTS.resetCodeSent, channel: 'sms' };

/** The answer of a reset that worked: Efua signed in on this device. */
const resetDone: ResetPasswordAnswer = {
  token: 'tok-efua',
  data: { role: 'customer', _id: 'u9', fullName: 'Efua Asante', email: 'efua@example.com', phone: '+233201234567', avatar: null },
  message: ACCOUNT_TEXTS.passwordResetDone,
};

async function openForgot(passwordReset: ShopSettings['passwordReset'] = { email: true, sms: true }, redirectTo?: string) {
  givenShopSettings({ ...SHOP_SETTINGS, passwordReset });
  return renderWithRouter(<ForgotPasswordPage redirectTo={redirectTo} />, { path: '/forgot-password' });
}

const send = async (contact: string, button = 'Send') => {
  if (contact) await userEvent.type(screen.getByRole('textbox'), contact);
  await userEvent.click(screen.getByRole('button', { name: button }));
};

/** The code step: the code and the new password twice, then Save. */
async function enterCode(code: string, password = 'new-shea-pass-1', confirm = password) {
  const codeBox = screen.getByLabelText('Code from the SMS');
  await userEvent.clear(codeBox);
  await userEvent.type(codeBox, code);
  await userEvent.clear(screen.getByLabelText('New Password'));
  await userEvent.type(screen.getByLabelText('New Password'), password);
  await userEvent.clear(screen.getByLabelText('Confirm New Password'));
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

freshStoresAndStorage();

describe('forgot password: asking for a reset', () => {
  it.each([
    ['email and SMS', { email: true, sms: true }, 'Email or phone number', 'text', 'username', 'Send'],
    ['email only', { email: true, sms: false }, 'Email', 'email', 'email', 'Send link'],
    ['SMS only', { email: false, sms: true }, 'Phone number', 'tel', 'tel', 'Send code'],
  ])('with %s the one field is labelled for what the shop can send', async (_case, ways, label, type, autoComplete, button) => {
    await openForgot(ways);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(document.title).toBe('Forgot your password? - Nkuto Naturals');
    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('type', type);
    expect(field).toHaveAttribute('autocomplete', autoComplete);
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  it("shows the server's words, the same for an address with an account and one without, and keeps the form", async () => {
    const calls = mockApi({ 'POST forgotPassword': () => json(sentByEmail) });
    await openForgot();
    await send('  Efua@Example.com ');
    const status = screen.getByRole('status');
    expect(await within(status).findByText(ACCOUNT_TEXTS.resetLinkSent)).toBeInTheDocument();

    // Another address (no account, say): the same words come back and are shown again.
    await userEvent.clear(screen.getByRole('textbox'));
    await send('nobody@example.com');
    expect(within(status).getByText(ACCOUNT_TEXTS.resetLinkSent)).toBeInTheDocument();
    expect(calls).toEqual([
      { key: 'POST forgotPassword', body: { contact: 'efua@example.com' }, authorization: null },
      { key: 'POST forgotPassword', body: { contact: 'nobody@example.com' }, authorization: null },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it.each([
    ['empty', '', ACCOUNT_TEXTS.contactRequired],
    ['neither an email nor a phone', 'efua-at-example', ACCOUNT_TEXTS.contactInvalid],
  ])('%s: says what to enter, at the field, and sends nothing', async (_case, typed, message) => {
    const calls = mockApi({});
    await openForgot();
    await send(typed);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    const field = screen.getByLabelText('Email or phone number');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(message);
    expect(calls).toEqual([]);
  });

  it('a phone where the shop sends only email: says so, sends nothing', async () => {
    const calls = mockApi({});
    await openForgot({ email: true, sms: false });
    await send('024 123 4567', 'Send link');
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.resetByUnavailable);
    expect(calls).toEqual([]);
  });

  it("too many requests: the server's message", async () => {
    mockApi({ 'POST forgotPassword': () => json({ message: TOO_MANY }, 429) });
    await openForgot();
    await send('efua@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it("a shop that can send neither promises nothing it cannot send: it offers the shop's phone and WhatsApp", async () => {
    const calls = mockApi({});
    await openForgot({ email: false, sms: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByText('This shop cannot send password resets. Please call or message the shop for help.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(/SMS|email/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +233 24 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    const whatsapp = screen.getByRole('link', { name: 'Message us on WhatsApp (opens in a new tab)' });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/233241234567?text=${encodeURIComponent('Hello Nkuto Naturals, I forgot the password of my account.')}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(calls).toEqual([]);
  });

  it('a shop that can send neither and has no phone nor WhatsApp offers its contact page', async () => {
    givenShopSettings({ ...SHOP_SETTINGS, phone: '', whatsapp: '', passwordReset: { email: false, sms: false } });
    await renderWithRouter(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact the shop' })).toHaveAttribute('href', '/contact');
  });
});

describe('forgot password: a code by SMS', () => {
  it('after an SMS answer, takes the code and the new password on the same page; a wrong code is said at the code', async () => {
    let codeRight = false;
    const calls = mockApi({
      'POST forgotPassword': () => json(sentBySms),
      'POST resetPassword': () => (codeRight ? json(resetDone) : json({ message: ACCOUNT_TEXTS.resetCodeWrong }, 400)),
      'GET getMyCart': () => json(emptyCart),
    });
    await openForgot();
    await send('024 123 4567');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code from the SMS');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    // The answer says where the code went and how long it works, and describes the code's field.
    expect(within(screen.getByRole('status')).getByText(ACCOUNT_TEXTS.resetCodeSent)).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(ACCOUNT_TEXTS.resetCodeSent);
    expect(screen.getByText('024 123 4567')).toBeInTheDocument();

    await enterCode('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.resetCodeWrong);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(useSession.getState().session).toBeNull();

    codeRight = true;
    await enterCode('123 456');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText(ACCOUNT_TEXTS.passwordResetDone)).toBeInTheDocument();
    expect(useSession.getState().session).toEqual({
      token: 'tok-efua',
      role: 'customer',
      userId: 'u9',
      fullName: 'Efua Asante',
      email: 'efua@example.com',
      phone: '+233201234567',
      avatar: null,
    });
    const resets = calls.filter((c) => c.key === 'POST resetPassword').map((c) => c.body);
    expect(resets).toEqual([
      { contact: '+233241234567', code: '111111', password: 'new-shea-pass-1', confirmPassword: 'new-shea-pass-1' },
      { contact: '+233241234567', code: '123456', password: 'new-shea-pass-1', confirmPassword: 'new-shea-pass-1' },
    ]);
  });

  it('goes back to ?redirect= once signed in', async () => {
    mockApi({
      'POST forgotPassword': () => json(sentBySms),
      'POST resetPassword': () => json(resetDone),
      'GET getMyCart': () => json(emptyCart),
    });
    await openForgot({ email: false, sms: true }, '/checkout');
    await send('0241234567', 'Send code');
    await enterCode('123456');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
  });

  it('checks the code and the passwords before sending', async () => {
    const calls = mockApi({ 'POST forgotPassword': () => json(sentBySms) });
    await openForgot();
    await send('0241234567');
    await screen.findByLabelText('Code from the SMS');

    await enterCode('12345');
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.resetCodeRequired);
    expect(screen.getByLabelText('Code from the SMS')).toHaveFocus();

    await enterCode('123456', 'new-shea-pass-1', 'new-shea-pass-2');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((c) => c.key)).toEqual(['POST forgotPassword']);
  });

  it("'Send a new code' asks again for the same phone; its refusal shows in the form's message", async () => {
    let limited = false;
    const calls = mockApi({ 'POST forgotPassword': () => (limited ? json({ message: TOO_MANY }, 429) : json(sentBySms)) });
    await openForgot();
    await send('024 123 4567');
    await screen.findByLabelText('Code from the SMS');

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await within(screen.getByRole('status')).findByText(ACCOUNT_TEXTS.resetCodeSent)).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ contact: '+233241234567' }, { contact: '+233241234567' }]);

    limited = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
  });

  it('past the codes one number may be sent, goes on to the code step: the newest code already sent still works', async () => {
    mockApi({ 'POST forgotPassword': () => json({ message: ACCOUNT_TEXTS.resetAlreadySent('sms') }, 429) });
    await openForgot();
    await send('024 123 4567');
    const code = await screen.findByLabelText('Code from the SMS');
    expect(within(screen.getByRole('status')).getByText(ACCOUNT_TEXTS.resetAlreadySent('sms'))).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(ACCOUNT_TEXTS.resetAlreadySent('sms'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('another phone or email goes back to the first step', async () => {
    mockApi({ 'POST forgotPassword': () => json(sentBySms) });
    await openForgot();
    await send('024 123 4567');
    await screen.findByLabelText('Code from the SMS');
    await userEvent.click(screen.getByRole('button', { name: 'Use another email or phone' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or phone number')).toHaveFocus();
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });
});
