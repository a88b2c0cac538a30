import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '@/server/db/schema';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi();

const signUp = (body: Record<string, unknown>, ip = '10.0.0.1') => api.json('POST', '/api/addUser', { body, headers: { 'x-forwarded-for': ip } });
const validSignUp = { fullName: 'Efua Asante', email: 'Efua@Example.com', password: 'palm-kernel-9', confirmPassword: 'palm-kernel-9' };

async function userCount() {
  const [row] = await api.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

describe('POST /api/addUser', () => {
  it('creates a customer (201) with a hashed password and no token', async () => {
    const { status, body } = await signUp(validSignUp);
    expect(status).toBe(201);
    expect(body.message).toBe('Registration successful!');
    expect(body.data).toEqual({
      _id: expect.any(String),
      fullName: 'Efua Asante',
      email: 'efua@example.com',
      role: 'customer',
      createdAt: expect.any(String),
      phone: null,
      avatar: null,
    });
    expect(body.token).toBeUndefined();
    const [row] = await api.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('palm-kernel-9');
  });

  it('refuses the same e-mail in another case with 409', async () => {
    await signUp(validSignUp);
    const { status, body } = await signUp({ ...validSignUp, email: 'EFUA@example.COM' });
    expect(status).toBe(409);
    expect(body.message).toBe('An account with this email already exists.');
    expect(await userCount()).toBe(1);
  });

  it('cannot be talked into making an admin', async () => {
    const { body } = await signUp({ ...validSignUp, role: 'admin' });
    expect(body.data.role).toBe('customer');
  });

  it.each([
    [{ ...validSignUp, fullName: '' }, 'Please fill in all fields.'],
    [{ email: 'a@b.co', password: 'x', confirmPassword: 'x' }, 'Please fill in all fields.'],
    [{ ...validSignUp, confirmPassword: 'palm-kernel-8' }, 'Passwords do not match.'],
    [{ ...validSignUp, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long'],
    [{ ...validSignUp, email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ ...validSignUp, fullName: 42 }, 'Please fill in all fields.'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect(await userCount()).toBe(0);
  });
});

describe('POST /api/login', () => {
  it('signs in with the e-mail in any case and returns an opaque token stored only as a hash', async () => {
    const user = await api.createUser({ email: 'kwame@example.com', password: 'moringa-leaf-7', fullName: 'Kwame Owusu' });
    const { status, body } = await api.json('POST', '/api/login', { body: { email: ' KWAME@example.com ', password: 'moringa-leaf-7' } });
    expect(status).toBe(200);
    expect(body.data).toEqual({ role: 'customer', _id: user.id, fullName: 'Kwame Owusu', email: 'kwame@example.com', phone: null, avatar: null });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await api.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(body.token);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    await api.createUser({ email: 'kwame@example.com', password: 'moringa-leaf-7' });
    const wrong = await api.json('POST', '/api/login', { body: { email: 'kwame@example.com', password: 'nope-nope-nope' } });
    const unknown = await api.json('POST', '/api/login', { body: { email: 'nobody@example.com', password: 'nope-nope-nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password.' });
    }
  });

  it('asks for both fields', async () => {
    for (const body of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: '  ', password: 'x' }]) {
      const res = await api.json('POST', '/api/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter both email and password.');
    }
  });

  it('never logs the password or the token', async () => {
    await api.createUser({ email: 'kwame@example.com', password: 'moringa-leaf-7' });
    const { body } = await api.json('POST', '/api/login', { body: { email: 'kwame@example.com', password: 'moringa-leaf-7' } });
    await api.json('GET', '/api/getMyCart', { token: body.token });
    const logs = api.logs.join('\n');
    expect(api.logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain('moringa-leaf-7');
    expect(logs).not.toContain(body.token);
  });
});

describe('rate limits on sign-in and sign-up', () => {
  const WINDOW_SECONDS = 60;
  const limited = setupTestApi({
    authRateLimit: { perIp: { max: 5, windowSeconds: WINDOW_SECONDS }, perEmail: { max: 3, windowSeconds: WINDOW_SECONDS } },
  });

  /** A 429 that says to come back within the window. */
  function expectSlowedDown(res: { status: number; body: { message: string }; res: Response }) {
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too many attempts/i);
    const retryAfter = Number(res.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  }

  it('slows password guessing per e-mail and address with 429, and never locks the owner out elsewhere', async () => {
    await limited.createUser({ email: 'target@example.com', password: 'the-real-one-1' });
    const attempt = (email = 'target@example.com') =>
      limited.json('POST', '/api/login', { body: { email, password: 'guess-guess' }, headers: { 'x-forwarded-for': '10.1.0.1' } });
    for (let i = 0; i < 2; i++) expect((await attempt()).status).toBe(401);
    // The same address written another way is the same e-mail.
    expect((await attempt('  TARGET@Example.COM ')).status).toBe(401);
    expectSlowedDown(await attempt());
    const right = (ip: string) =>
      limited.json('POST', '/api/login', { body: { email: 'target@example.com', password: 'the-real-one-1' }, headers: { 'x-forwarded-for': ip } });
    // The owner at another address signs in at once: the failures were not theirs.
    expect((await right('10.9.9.9')).status).toBe(200);
    // The guessing address waits until the window has passed, even with the right password.
    expect((await right('10.1.0.1')).status).toBe(429);
    limited.clock.advance(61_000);
    expect((await right('10.1.0.1')).status).toBe(200);
  });

  it('slows one address trying many e-mails with 429, whatever it writes first in X-Forwarded-For', async () => {
    const attempt = (i: number) =>
      limited.json('POST', '/api/login', {
        body: { email: `someone${i}@example.com`, password: 'guess-guess' },
        // The client's own (forged) entry comes first; the proxy appends the address it saw.
        headers: { 'x-forwarded-for': `203.0.113.${i}, 10.3.0.1` },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(i)).status).toBe(401);
    expectSlowedDown(await attempt(5));
    // Another address is not held back by it.
    const other = await limited.json('POST', '/api/login', {
      body: { email: 'someone9@example.com', password: 'guess-guess' },
      headers: { 'x-forwarded-for': '10.3.0.2' },
    });
    expect(other.status).toBe(401);
    limited.clock.advance(61_000);
    expect((await attempt(6)).status).toBe(401);
  });

  it('limits sign-ups per address', async () => {
    const signUpBot = (i: number) =>
      limited.json('POST', '/api/addUser', {
        body: { fullName: 'Bot', email: `bot${i}@example.com`, password: 'password-123', confirmPassword: 'password-123' },
        headers: { 'x-forwarded-for': '10.2.0.1' },
      });
    for (let i = 0; i < 5; i++) expect((await signUpBot(i)).status).toBe(201);
    expectSlowedDown(await signUpBot(5));
  });

  it('limits sign-ups per e-mail, also from many addresses', async () => {
    const attempt = (ip: string) =>
      limited.json('POST', '/api/addUser', {
        body: { fullName: 'Bot', email: 'taken@example.com', password: 'password-123', confirmPassword: 'password-123' },
        headers: { 'x-forwarded-for': ip },
      });
    expect((await attempt('10.4.0.1')).status).toBe(201);
    expect((await attempt('10.4.0.2')).status).toBe(409);
    expect((await attempt('10.4.0.3')).status).toBe(409);
    expectSlowedDown(await attempt('10.4.0.4'));
  });
});

describe('POST /api/logout and tokens', () => {
  it('revokes the token: the next call with it is 401', async () => {
    const user = await api.createUser();
    expect((await api.json('GET', '/api/getMyCart', { token: user.token })).status).toBe(200);
    const out = await api.json('POST', '/api/logout', { token: user.token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully' } });
    const after = await api.json('GET', '/api/getMyCart', { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Session expired, please sign in');
  });

  it('expires tokens after 30 days', async () => {
    const user = await api.createUser();
    api.clock.advance(29 * 86_400_000);
    expect((await api.json('GET', '/api/getMyCart', { token: user.token })).status).toBe(200);
    api.clock.advance(2 * 86_400_000);
    expect((await api.json('GET', '/api/getMyCart', { token: user.token })).status).toBe(401);
  });

  it.each([
    [undefined, 'Please sign in to continue.'],
    ['Bearer ', 'Session expired, please sign in'],
    ['Bearer not-a-real-token-but-long-enough', 'Session expired, please sign in'],
    ['Basic dXNlcjpwYXNz', 'Session expired, please sign in'],
  ])('answers 401 for authorization %j', async (authorization, message) => {
    const res = await api.json('POST', '/api/logout', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message });
  });
});

describe('PATCH /api/updateUser/:userId', () => {
  it('changes name and e-mail of the account itself', async () => {
    const user = await api.createUser({ fullName: 'Kofi' });
    const { status, body } = await api.json('PATCH', `/api/updateUser/${user.id}`, {
      token: user.token,
      body: { fullName: 'Kofi Annan', email: 'KOFI.new@example.com', password: '', currentPassword: user.password },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: user.id, fullName: 'Kofi Annan', email: 'kofi.new@example.com' });
    expect(body.message).toBe('Profile updated successfully');
  });

  it('asks for at least one field', async () => {
    const user = await api.createUser();
    const { status, body } = await api.json('PATCH', `/api/updateUser/${user.id}`, { token: user.token, body: { fullName: '  ', email: '' } });
    expect(status).toBe(400);
    expect(body.message).toBe('Please provide at least one field to update.');
  });

  it('needs the current password for a new one, and 400 "Incorrect old password" when it is wrong', async () => {
    const user = await api.createUser({ password: 'old-password-1' });
    const missing = await api.json('PATCH', `/api/updateUser/${user.id}`, { token: user.token, body: { password: 'new-password-2' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please provide your current password to change your password.');
    const wrong = await api.json('PATCH', `/api/updateUser/${user.id}`, {
      token: user.token,
      body: { password: 'new-password-2', currentPassword: 'not-it-at-all' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Incorrect old password');
    // Nothing changed: the old password still signs in.
    expect((await api.json('POST', '/api/login', { body: { email: user.email, password: 'old-password-1' } })).status).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const user = await api.createUser({ password: 'old-password-1' });
    const other = await api.json('POST', '/api/login', { body: { email: user.email, password: 'old-password-1' } });
    const res = await api.json('PATCH', `/api/updateUser/${user.id}`, {
      token: user.token,
      body: { password: 'new-password-2', currentPassword: 'old-password-1' },
    });
    expect(res.status).toBe(200);
    expect((await api.json('GET', '/api/getMyCart', { token: user.token })).status).toBe(200);
    expect((await api.json('GET', '/api/getMyCart', { token: other.body.token })).status).toBe(401);
    expect((await api.json('POST', '/api/login', { body: { email: user.email, password: 'new-password-2' } })).status).toBe(200);
    expect((await api.json('POST', '/api/login', { body: { email: user.email, password: 'old-password-1' } })).status).toBe(401);
  });

  it("refuses another user's account with 403 and changes nothing", async () => {
    const alice = await api.createUser({ fullName: 'Alice' });
    const bob = await api.createUser({ fullName: 'Bob' });
    const res = await api.json('PATCH', `/api/updateUser/${alice.id}`, { token: bob.token, body: { fullName: 'Hacked' } });
    expect(res.status).toBe(403);
    const [row] = await api.db.select().from(users).where(eq(users.id, alice.id));
    expect(row?.fullName).toBe('Alice');
  });

  it('refuses an e-mail that another account has, in any case (409)', async () => {
    await api.createUser({ email: 'taken@example.com' });
    const user = await api.createUser();
    const res = await api.json('PATCH', `/api/updateUser/${user.id}`, {
      token: user.token,
      body: { email: 'TAKEN@example.com', currentPassword: user.password },
    });
    expect(res.status).toBe(409);
  });

  it('cannot change the role', async () => {
    const user = await api.createUser();
    await api.json('PATCH', `/api/updateUser/${user.id}`, { token: user.token, body: { fullName: 'Me', role: 'admin' } });
    const [row] = await api.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('customer');
  });

  it('needs a token', async () => {
    const user = await api.createUser();
    expect((await api.json('PATCH', `/api/updateUser/${user.id}`, { body: { fullName: 'X' } })).status).toBe(401);
  });
});
