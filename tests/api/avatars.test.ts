import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi();

const AVATAR_URL = /^\/uploads\/[a-f0-9]{32}-320\.webp$/;
const WIDTHS = [320, 640, 1200] as const;

const png = (background: string, size = 80) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

/** The key the image store gives these bytes (a content hash). */
const imageKey = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

function avatarForm(bytes: Buffer | string, name = 'me.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('avatar', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }));
  return form;
}

/** Status of each stored file of an image: its WebP widths and its share JPEG. */
async function fileStatuses(key: string): Promise<number[]> {
  const names = [...WIDTHS.map((w) => `${key}-${w}.webp`), `${key}-share.jpg`];
  return Promise.all(names.map(async (name) => (await api.request('GET', `/uploads/${name}`)).status));
}

describe('PUT /api/myAvatar', () => {
  it('stores the photo as WebP at every width; its URL is in the login, getAllUsers and getUserById answers', async () => {
    const customer = await api.createUser({ fullName: 'Akosua Mensah' });
    const admin = await api.createUser({ role: 'admin', fullName: 'Adwoa Admin' });
    const photo = await png('#c84');

    const { status, body } = await api.json('PUT', '/api/myAvatar', { form: avatarForm(photo), token: customer.token });
    expect(status).toBe(200);
    expect(body.message).toEqual(expect.any(String));
    expect(body.data).toMatchObject({ _id: customer.id, fullName: 'Akosua Mensah', avatar: `/uploads/${imageKey(photo)}-320.webp` });
    expect(body.data.avatar).toMatch(AVATAR_URL);
    const [row] = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, customer.id));
    expect(row?.avatar).toBe(imageKey(photo));

    const image = await api.request('GET', body.data.avatar);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
    expect(await fileStatuses(imageKey(photo))).toEqual([200, 200, 200, 200]);

    const login = await api.json('POST', '/api/login', { body: { email: customer.email, password: customer.password } });
    expect(login.body.data.avatar).toBe(body.data.avatar);

    const list = await api.json('GET', '/api/getAllUsers', { token: admin.token });
    const listed = list.body.users.find((u: { _id: string }) => u._id === customer.id);
    expect(listed.avatar).toBe(body.data.avatar);
    // Every other account has none yet.
    expect(list.body.users.filter((u: { _id: string }) => u._id !== customer.id).every((u: { avatar: unknown }) => u.avatar === null)).toBe(true);

    const profile = await api.json('GET', `/api/getUserById/${customer.id}`, { token: admin.token });
    expect(profile.body.user.avatar).toBe(body.data.avatar);
  });

  it("replacing the photo removes the old image's files; DELETE removes the photo and its files", async () => {
    const customer = await api.createUser();
    const first = await png('#2a6');
    const second = await png('#26a');
    await api.json('PUT', '/api/myAvatar', { form: avatarForm(first), token: customer.token });
    const replaced = await api.json('PUT', '/api/myAvatar', { form: avatarForm(second, 'new.jpg', 'image/jpeg'), token: customer.token });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.avatar).toBe(`/uploads/${imageKey(second)}-320.webp`);
    expect(await fileStatuses(imageKey(first))).toEqual([404, 404, 404, 404]);
    expect(await fileStatuses(imageKey(second))).toEqual([200, 200, 200, 200]);

    const removed = await api.json('DELETE', '/api/myAvatar', { token: customer.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.avatar).toBeNull();
    expect(await fileStatuses(imageKey(second))).toEqual([404, 404, 404, 404]);
    const [row] = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, customer.id));
    expect(row?.avatar).toBeNull();
    // Removing again is fine: still no photo.
    expect((await api.json('DELETE', '/api/myAvatar', { token: customer.token })).body.data.avatar).toBeNull();
  });

  it("keeps an image's files that another account (or a product) still uses", async () => {
    const ama = await api.createUser({ fullName: 'Ama Owusu' });
    const kofi = await api.createUser({ fullName: 'Kofi Boateng' });
    const shared = await png('#888');
    await api.json('PUT', '/api/myAvatar', { form: avatarForm(shared), token: ama.token });
    await api.json('PUT', '/api/myAvatar', { form: avatarForm(shared), token: kofi.token });
    await api.json('DELETE', '/api/myAvatar', { token: ama.token });
    expect(await fileStatuses(imageKey(shared))).toEqual([200, 200, 200, 200]);
    const kofiRow = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, kofi.id));
    expect(kofiRow[0]?.avatar).toBe(imageKey(shared));

    const productPhoto = await png('#a52');
    await api.json('PUT', '/api/myAvatar', { form: avatarForm(productPhoto), token: ama.token });
    await api.createProduct({ images: [imageKey(productPhoto)] });
    await api.json('DELETE', '/api/myAvatar', { token: ama.token });
    expect(await fileStatuses(imageKey(productPhoto))).toEqual([200, 200, 200, 200]);
  });

  it('refuses a file that is not an image with 400 and stores nothing; the current photo stays', async () => {
    const customer = await api.createUser();
    const photo = await png('#5a5');
    const current = (await api.json('PUT', '/api/myAvatar', { form: avatarForm(photo), token: customer.token })).body.data.avatar;
    const text = 'definitely not a picture';
    for (const form of [avatarForm(text, 'notes.txt', 'text/plain'), avatarForm(text, 'fake.png', 'image/png'), avatarForm(Buffer.alloc(0), 'empty.png')]) {
      const { status, body } = await api.json('PUT', '/api/myAvatar', { form, token: customer.token });
      expect(status).toBe(400);
      expect(body.message).toBe(SERVER_MESSAGES.notAnImage);
    }
    const noFile = new FormData();
    noFile.append('avatar', 'just text');
    expect((await api.json('PUT', '/api/myAvatar', { form: noFile, token: customer.token })).status).toBe(400);
    expect((await api.json('PUT', '/api/myAvatar', { body: { avatar: 'x' }, token: customer.token })).status).toBe(400);
    expect(await fileStatuses(imageKey(Buffer.from(text)))).toEqual([404, 404, 404, 404]);
    const [row] = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, customer.id));
    expect(row?.avatar).toBe(imageKey(photo));
    expect(current).toMatch(AVATAR_URL);
  });

  it('refuses a file over 5 MB with 413 and the image size message', async () => {
    const customer = await api.createUser();
    const big = Buffer.concat([await png('#111'), Buffer.alloc(5 * 1024 * 1024)]);
    const { status, body } = await api.json('PUT', '/api/myAvatar', { form: avatarForm(big), token: customer.token });
    expect(status).toBe(413);
    expect(body.message).toBe(SERVER_MESSAGES.imageTooLarge);
    const [row] = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, customer.id));
    expect(row?.avatar).toBeNull();
  });

  it("changes only the caller's own photo, whatever the request names", async () => {
    const ama = await api.createUser({ fullName: 'Ama Owusu' });
    const kofi = await api.createUser({ fullName: 'Kofi Boateng' });
    const amaPhoto = await png('#a2a');
    await api.json('PUT', '/api/myAvatar', { form: avatarForm(amaPhoto), token: ama.token });
    const form = avatarForm(await png('#2aa'));
    form.append('userId', ama.id);
    form.append('_id', ama.id);
    const kofiAnswer = await api.json('PUT', `/api/myAvatar?userId=${ama.id}`, { form, token: kofi.token });
    expect(kofiAnswer.body.data._id).toBe(kofi.id);
    await api.json('DELETE', `/api/myAvatar?userId=${ama.id}`, { token: kofi.token, body: { userId: ama.id } });
    const [row] = await api.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, ama.id));
    expect(row?.avatar).toBe(imageKey(amaPhoto));
    expect(await fileStatuses(imageKey(amaPhoto))).toEqual([200, 200, 200, 200]);
  });

  it('is 401 signed out, and stores nothing', async () => {
    const photo = await png('#abc');
    expect((await api.json('PUT', '/api/myAvatar', { form: avatarForm(photo) })).status).toBe(401);
    expect((await api.json('DELETE', '/api/myAvatar')).status).toBe(401);
    expect((await api.json('PUT', '/api/myAvatar', { form: avatarForm(photo), token: 'x'.repeat(43) })).status).toBe(401);
    expect(await fileStatuses(imageKey(photo))).toEqual([404, 404, 404, 404]);
  });
});
