import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, subscribers, users } from '@/server/db/schema';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi } from '../helpers/api';

/**
 * Issue 22's abuse limits: sign-in failures counted per (e-mail, address) pair with a growing delay
 * per account (never a lock-out), one limit on every current-password check, a current password for
 * a new e-mail, and per-address limits on the promo box, the contact form and the newsletter.
 */
const PAIR_MAX = 10;
const WINDOW_SECONDS = 900;
const DELAY = { after: 3, baseMs: 250, maxMs: 3_000 };
const FORM_MAX = 3;
const FORM_WINDOW_SECONDS = 3_600;

const api = setupTestApi({
  authRateLimit: {
    perIp: { max: 1_000, windowSeconds: WINDOW_SECONDS },
    perEmail: { max: PAIR_MAX, windowSeconds: WINDOW_SECONDS },
    failureDelay: DELAY,
  },
  promoRateLimit: { max: FORM_MAX, windowSeconds: WINDOW_SECONDS },
  contactRateLimit: { max: FORM_MAX, windowSeconds: FORM_WINDOW_SECONDS },
  subscribeRateLimit: { max: FORM_MAX, windowSeconds: FORM_WINDOW_SECONDS },
});

type Answer = { status: number; body: { message: string }; res: Response };

/** A 429 with the given text that says to come back within the window. */
function expectRefused(answer: Answer, windowSeconds: number, message: string = SERVER_MESSAGES.tooManyAttempts) {
  expect(answer.status).toBe(429);
  expect(answer.body.message).toBe(message);
  const retryAfter = Number(answer.res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const signIn = (email: string, password: string, ip: string) =>
  api.json('POST', '/api/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('sign-in failures', () => {
  it('a stranger failing 20 times from one address does not stop the owner signing in from another', async () => {
    const owner = await api.createUser({ email: 'ama@example.com', password: 'the-real-one-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(owner.email, `guess-${i}`, '10.1.0.1')).status);
    // The pair's hard limit: PAIR_MAX failures, then 429 (the guesses past it are never checked).
    expect(statuses).toEqual([...Array(PAIR_MAX).fill(401), ...Array(20 - PAIR_MAX).fill(429)]);
    // The account's failures only slow its answers: none for the first few, then doubling to the cap.
    expect(api.sleeps).toEqual([250, 500, 1_000, 2_000, 3_000, 3_000]);

    api.sleeps.length = 0;
    const own = await signIn(' AMA@example.com ', owner.password, '10.2.0.2');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ token: expect.any(String), data: { _id: owner.id } });
    // The owner waited at most the cap, once.
    expect(api.sleeps).toEqual([DELAY.maxMs]);

    // A success forgets the account's failures: the next answer is not delayed.
    api.sleeps.length = 0;
    expect((await signIn(owner.email, owner.password, '10.2.0.3')).status).toBe(200);
    expect(api.sleeps).toEqual([]);
  });

  it('failures from many addresses slow the account but never lock it', async () => {
    const owner = await api.createUser({ password: 'the-real-one-1' });
    for (let i = 0; i < 20; i++) expect((await signIn(owner.email, 'guess-guess', `10.3.0.${i}`)).status).toBe(401);
    expect(Math.max(...api.sleeps)).toBe(DELAY.maxMs);
    expect(api.sleeps.every((ms) => ms <= DELAY.maxMs)).toBe(true);
    expect((await signIn(owner.email, owner.password, '10.3.1.1')).status).toBe(200);
  });

  it('a pair hits 429 with Retry-After after the hard limit of failures; successes do not count', async () => {
    const owner = await api.createUser({ password: 'the-real-one-1' });
    const ip = '10.4.0.1';
    for (let i = 0; i < PAIR_MAX - 1; i++) expect((await signIn(owner.email, 'guess-guess', ip)).status).toBe(401);
    // Typos then the right password: the slate is clean again.
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(200);
    for (let i = 0; i < PAIR_MAX; i++) expect((await signIn(owner.email, 'guess-guess', ip)).status).toBe(401);
    expectRefused(await signIn(owner.email, 'guess-guess', ip), WINDOW_SECONDS);
    // Refused from this address even with the right password, until the window has passed.
    expectRefused(await signIn(owner.email, owner.password, ip), WINDOW_SECONDS);
    api.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(200);
  });

  it('counts an unknown e-mail like a known one (nothing tells them apart)', async () => {
    for (let i = 0; i < PAIR_MAX; i++) expect((await signIn('nobody@example.com', 'guess-guess', '10.5.0.1')).status).toBe(401);
    expectRefused(await signIn('nobody@example.com', 'guess-guess', '10.5.0.1'), WINDOW_SECONDS);
    expect(Math.max(...api.sleeps)).toBe(DELAY.maxMs);
  });
});

describe('current-password checks', () => {
  const changePassword = (token: string, currentPassword: string) =>
    api.json('PATCH', '/api/changePassword', { token, body: { currentPassword, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' } });
  const updateUser = (user: { id: string; token: string }, body: Record<string, unknown>) =>
    api.json('PATCH', `/api/updateUser/${user.id}`, { token: user.token, body });

  it('updateUser (password and e-mail) and changePassword share one limit', async () => {
    const admin = await api.createUser({ role: 'admin', password: 'admin-secret-1' });
    for (let i = 0; i < 4; i++) expect((await changePassword(admin.token, 'wrong-guess')).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await updateUser(admin, { password: 'brand-new-pass-1', currentPassword: 'wrong-guess' })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await updateUser(admin, { email: 'new@example.com', currentPassword: 'wrong-guess' })).status).toBe(400);
    // Ten checks: every path now refuses, even with the right password.
    expectRefused(await updateUser(admin, { password: 'brand-new-pass-1', currentPassword: admin.password }), WINDOW_SECONDS);
    expectRefused(await updateUser(admin, { email: 'new@example.com', currentPassword: admin.password }), WINDOW_SECONDS);
    expectRefused(await changePassword(admin.token, admin.password), WINDOW_SECONDS);
    const [row] = await api.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.email).toBe(admin.email);
    // The password is still the old one.
    expect((await signIn(admin.email, admin.password, '10.6.0.1')).status).toBe(200);

    api.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await updateUser(admin, { email: 'new@example.com', currentPassword: admin.password })).status).toBe(200);
  });

  it('a name change checks no password and takes nothing from the limit', async () => {
    const user = await api.createUser();
    for (let i = 0; i < PAIR_MAX + 2; i++) expect((await updateUser(user, { fullName: `Name ${i}` })).status).toBe(200);
    expect((await updateUser(user, { password: 'brand-new-pass-1', currentPassword: user.password })).status).toBe(200);
  });

  it('a new e-mail needs the current password: missing or wrong is 400 and changes nothing', async () => {
    const user = await api.createUser({ fullName: 'Kofi', email: 'kofi@example.com', password: 'old-password-1' });
    for (const body of [
      { email: 'thief@example.com' },
      { email: 'thief@example.com', currentPassword: '' },
      { email: 'thief@example.com', fullName: 'Thief', currentPassword: 'not-it-at-all' },
    ]) {
      const res = await updateUser(user, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: PAGE_MESSAGES.incorrectOldPassword,
        errors: [{ path: ['currentPassword'], message: PAGE_MESSAGES.incorrectOldPassword }],
      });
    }
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'kofi@example.com', fullName: 'Kofi' });
    expect((await signIn('thief@example.com', 'old-password-1', '10.7.0.1')).status).toBe(401);

    // The stored e-mail in another case is no change: no password needed.
    expect((await updateUser(user, { email: 'KOFI@example.com', fullName: 'Kofi A.' })).status).toBe(200);
    const right = await updateUser(user, { email: 'Kofi.New@example.com', currentPassword: 'old-password-1' });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ data: { email: 'kofi.new@example.com', fullName: 'Kofi A.' } });
  });
});

describe('per-address limits on public forms', () => {
  const promo = (ip: string) => api.json('POST', '/api/validatePromo', { body: { code: 'GUESS1', subtotal: 100 }, headers: { 'x-forwarded-for': ip } });
  const contact = (ip: string, i: number) =>
    api.json('POST', '/api/contact', {
      body: { name: 'Bot', email: `bot${i}@example.com`, subject: 'Hello', message: 'Buy my stuff' },
      headers: { 'x-forwarded-for': ip },
    });
  const subscribe = (ip: string, i: number) =>
    api.json('POST', '/api/subscribe', { body: { email: `list${i}@example.com` }, headers: { 'x-forwarded-for': ip } });
  const count = async (table: typeof contactMessages | typeof subscribers) => (await api.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

  it('validatePromo answers 429 with Retry-After past its limit, per address', async () => {
    for (let i = 0; i < FORM_MAX; i++) expect(await promo('10.8.0.1')).toMatchObject({ status: 200, body: { valid: false } });
    expectRefused(await promo('10.8.0.1'), WINDOW_SECONDS);
    expect((await promo('10.8.0.2')).status).toBe(200);
    api.clock.advance(WINDOW_SECONDS * 1000 + 1000);
    expect((await promo('10.8.0.1')).status).toBe(200);
  });

  it('contact answers 429 with Retry-After past its limit and stores nothing more', async () => {
    for (let i = 0; i < FORM_MAX; i++) expect((await contact('10.9.0.1', i)).status).toBe(201);
    expectRefused(await contact('10.9.0.1', 99), FORM_WINDOW_SECONDS, SERVER_MESSAGES.tooManyRequests);
    expect(await count(contactMessages)).toBe(FORM_MAX);
    expect((await contact('10.9.0.2', 100)).status).toBe(201);
  });

  it('subscribe answers 429 with Retry-After past its limit and stores nothing more', async () => {
    for (let i = 0; i < FORM_MAX; i++) expect((await subscribe('10.10.0.1', i)).status).toBe(200);
    expectRefused(await subscribe('10.10.0.1', 99), FORM_WINDOW_SECONDS, SERVER_MESSAGES.tooManyRequests);
    expect(await count(subscribers)).toBe(FORM_MAX);
    expect((await subscribe('10.10.0.2', 100)).status).toBe(200);
  });
});
