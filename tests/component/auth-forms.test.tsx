import { isRedirect } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { leaveIfSignedIn, safeRedirect } from '@/client/features/auth/redirect';
import { SignInPage } from '@/client/features/auth/sign-in-page';
import { SignUpPage } from '@/client/features/auth/sign-up-page';
import { useSession } from '@/client/stores/session';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { LoginAnswer } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { freshStoresAndStorage, givenShopSettings, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

const emptyCart = { Cart: [{ items: [] }] };
const customer: LoginAnswer = {
  token: 'tok-1',
  data: { role: 'customer', _id: 'u1', fullName: 'Kofi Boateng', email: 'kofi@example.com', phone: null, avatar: null },
};

freshStoresAndStorage();

async function fillSignIn(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign in', () => {
  it('has the title, the form and a link to /signup', async () => {
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(document.title).toBe('Sign In - Nkuto Naturals');
    await userEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signup$/);
  });

  it.each([
    ['both missing', '', ''],
    ['password missing', 'kofi@example.com', ''],
    ['email missing', '', 'secret-pass'],
  ])('%s: "Please enter both email and password." and nothing is sent', async (_case, email, password) => {
    const calls = mockApi({});
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn(email, password);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter both email and password.');
    // The empty fields are marked and point at the message; the first of them has the focus.
    const emailInput = screen.getByLabelText('Email');
    const passwordInput = screen.getByLabelText('Password');
    if (!email) expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    if (!password) expect(passwordInput).toHaveAttribute('aria-invalid', 'true');
    if (email) expect(emailInput).not.toHaveAttribute('aria-invalid');
    expect(email ? passwordInput : emailInput).toHaveFocus();
    expect(email ? passwordInput : emailInput).toHaveAccessibleDescription('Please enter both email and password.');
    expect(calls).toEqual([]);
  });

  it('shows the server message when the server refuses', async () => {
    mockApi({ 'POST login': () => json({ message: 'Too many attempts. Please wait a few minutes and try again.' }, 429) });
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(useSession.getState().session).toBeNull();
  });

  it('says "Invalid email or password." when the server gives no message', async () => {
    mockApi({ 'POST login': () => json({}, 401) });
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid email or password\.$/);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('says "Invalid email or password. Please try again." when the network fails', async () => {
    mockApi({});
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
  });

  it('signs in, welcomes the shopper and returns to ?redirect=', async () => {
    const calls = mockApi({ 'POST login': () => json(customer), 'GET getMyCart': () => json(emptyCart) });
    await renderWithRouter(<SignInPage redirectTo="/checkout" />, { path: '/signin' });
    await fillSignIn('  Kofi@Example.com ', 'secret-pass');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
    expect(await screen.findByText('Welcome back, Kofi Boateng! Ready to explore the shop?')).toBeInTheDocument();
    expect(calls[0]).toEqual({ key: 'POST login', body: { email: 'kofi@example.com', password: 'secret-pass' }, authorization: null });
    expect(useSession.getState().session).toEqual({
      token: 'tok-1',
      role: 'customer',
      userId: 'u1',
      fullName: 'Kofi Boateng',
      email: 'kofi@example.com',
      phone: null,
      avatar: null,
    });
  });

  it('without ?redirect= a customer goes home', async () => {
    mockApi({ 'POST login': () => json(customer), 'GET getMyCart': () => json(emptyCart) });
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'secret-pass');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
  });

  it('ignores a ?redirect= to another site', async () => {
    mockApi({ 'POST login': () => json(customer), 'GET getMyCart': () => json(emptyCart) });
    await renderWithRouter(<SignInPage redirectTo="//evil.example/steal" />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'secret-pass');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
  });

  it('the password can be shown and hidden', async () => {
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('sign in: the way to a forgotten password', () => {
  it.each([
    ['email and SMS', { email: true, sms: true }],
    ['email only', { email: true, sms: false }],
    ['SMS only', { email: false, sms: true }],
  ])("with %s, 'Forgot password?' goes to /forgot-password, keeping ?redirect=", async (_case, passwordReset) => {
    givenShopSettings({ ...SHOP_SETTINGS, passwordReset });
    await renderWithRouter(<SignInPage redirectTo="/checkout" />, { path: '/signin' });
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/forgot-password?redirect=%2Fcheckout');
  });

  it('is there too when the shop can send neither, and while the settings are unknown (the page it opens says what the shop can do)', async () => {
    givenShopSettings({ ...SHOP_SETTINGS, passwordReset: { email: false, sms: false } });
    const { unmount } = await renderWithRouter(<SignInPage />, { path: '/signin' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    unmount();

    const calls = mockApi({});
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    // The settings are the root route's to load: the page asks for nothing.
    expect(calls).toEqual([]);
  });

  it('after a wrong password it stands out as a button', async () => {
    mockApi({ 'POST login': () => json({ message: 'Invalid email or password.' }, 401) });
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    const forgot = screen.getByRole('link', { name: 'Forgot password?' });
    expect(forgot).not.toHaveAttribute('data-prominent');
    await fillSignIn('kofi@example.com', 'wrong-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('data-prominent', 'true');
  });

  it('a network failure does not make it stand out (the password may be right)', async () => {
    mockApi({});
    await renderWithRouter(<SignInPage />, { path: '/signin' });
    await fillSignIn('kofi@example.com', 'secret-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).not.toHaveAttribute('data-prominent');
  });
});

describe('where to go after signing in', () => {
  it('accepts only paths on this site', () => {
    expect(safeRedirect('/checkout')).toBe('/checkout');
    expect(safeRedirect('/order/abc?x=1#top')).toBe('/order/abc?x=1#top');
    expect(safeRedirect('//evil.example')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('checkout')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });

  it('a signed-in visitor is sent on from /signin and /signup', () => {
    expect(() => leaveIfSignedIn({})).not.toThrow();
    useSession.setState({ session: { token: 't', role: 'customer', userId: 'u1', fullName: 'Kofi', email: 'kofi@example.com' } });
    const away = (search: { redirect?: string }) => {
      try {
        leaveIfSignedIn(search);
      } catch (error) {
        return isRedirect(error) ? error.options.href : 'not a redirect';
      }
      return 'stayed';
    };
    expect(away({})).toBe('/');
    expect(away({ redirect: '/orders' })).toBe('/orders');
    expect(away({ redirect: '//evil.example' })).toBe('/');
  });
});

async function fillSignUp(values: { fullName?: string; email?: string; password?: string; confirmPassword?: string }) {
  if (values.fullName) await userEvent.type(screen.getByLabelText('Full Name'), values.fullName);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirmPassword) await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

const complete = { fullName: 'Esi Owusu', email: 'esi@example.com', password: 'shea-butter-9', confirmPassword: 'shea-butter-9' };

describe('sign up', () => {
  it('has the title, the four fields, the optional phone and a link to /signin', async () => {
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(document.title).toBe('Sign Up - Nkuto Naturals');
    for (const label of ['Full Name', 'Email', 'Password', 'Confirm Password']) expect(screen.getByLabelText(label)).toBeRequired();
    const phone = screen.getByLabelText('Phone (optional)');
    expect(phone).not.toBeRequired();
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAccessibleDescription('Lets you reset your password by SMS if you forget it.');
    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/signin$/);
  });

  it('"Please fill in all fields." when one is missing', async () => {
    const calls = mockApi({});
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp({ ...complete, fullName: '' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);
  });

  it('"Passwords do not match."', async () => {
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp({ ...complete, confirmPassword: 'shea-butter-8' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match.');
  });

  it('"Password must be at least 8 characters long"', async () => {
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp({ ...complete, password: 'short', confirmPassword: 'short' });
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('with two problems, the summary says the first and the field says its own', async () => {
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp({ ...complete, password: 'short', confirmPassword: 'other' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
  });

  it('an invalid email address is pointed out at the field', async () => {
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp({ ...complete, email: 'esi-at-example' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('registers, then signs the new customer in as the sign-in form does, says "Registration successful!" and goes home', async () => {
    const esi: LoginAnswer = { token: 'tok-esi', data: { ...customer.data, _id: 'u2', fullName: 'Esi Owusu', email: 'esi@example.com' } };
    const calls = mockApi({
      'POST addUser': () => json({ message: 'Registration successful!', data: {} }, 201),
      'POST login': () => json(esi),
      'GET getMyCart': () => json(emptyCart),
    });
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    // One toast: not the returning customer's 'Welcome back'.
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(calls.slice(0, 2)).toEqual([
      { key: 'POST addUser', body: complete, authorization: null },
      { key: 'POST login', body: { email: 'esi@example.com', password: 'shea-butter-9' }, authorization: null },
    ]);
    expect(useSession.getState().session).toEqual(expect.objectContaining({ token: 'tok-esi', userId: 'u2', fullName: 'Esi Owusu' }));
  });

  it('lands on ?redirect= once signed in', async () => {
    mockApi({
      'POST addUser': () => json({ message: 'Registration successful!', data: {} }, 201),
      'POST login': () => json(customer),
      'GET getMyCart': () => json(emptyCart),
    });
    await renderWithRouter(<SignUpPage redirectTo="/checkout" />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
    expect(useSession.getState().session?.token).toBe('tok-1');
  });

  it('registered but the sign-in after it failed: says "Registration successful!" and goes to /signin, keeping ?redirect=', async () => {
    mockApi({ 'POST addUser': () => json({ message: 'Registration successful!', data: {} }, 201) });
    await renderWithRouter(<SignUpPage redirectTo="/checkout" />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/signin?redirect=%2Fcheckout');
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(useSession.getState().session).toBeNull();
  });

  it('shows the server message (e.g. a taken address)', async () => {
    mockApi({ 'POST addUser': () => json({ message: 'An account with this email already exists.' }, 409) });
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('"Something went wrong. Please try again." without a server message', async () => {
    mockApi({ 'POST addUser': () => json({}, 500) });
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('"Network error. Please try again later." when the network fails', async () => {
    mockApi({});
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await fillSignUp(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again later.');
  });
});

describe('sign up: the optional phone', () => {
  it('sends the phone as +233… when one is given', async () => {
    const calls = mockApi({
      'POST addUser': () => json({ message: 'Registration successful!', data: {} }, 201),
      'POST login': () => json(customer),
      'GET getMyCart': () => json(emptyCart),
    });
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '024 123 4567');
    await fillSignUp(complete);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/$/);
    expect(calls[0]).toEqual({ key: 'POST addUser', body: { ...complete, phone: '+233241234567' }, authorization: null });
  });

  it('a phone that is not a Ghana number is pointed out at the field, and nothing is sent', async () => {
    const calls = mockApi({});
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '12345');
    await fillSignUp(complete);
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.accountPhoneInvalid);
    const phone = screen.getByLabelText('Phone (optional)');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it("a phone another account has: the server's words, at the phone", async () => {
    mockApi({ 'POST addUser': () => json({ message: ACCOUNT_TEXTS.phoneTaken }, 409) });
    await renderWithRouter(<SignUpPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '0241234567');
    await fillSignUp(complete);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_TEXTS.phoneTaken);
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone (optional)')).toHaveFocus();
  });
});
