import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { signUpSchema, updateUserSchema } from '@/shared/schemas/auth';
import { hasControlCharacter, optionalText, requiredText } from '@/shared/schemas/fields';
import { clearOrderFlagSchema, createOrderSchema } from '@/shared/schemas/orders';
import { productFormSchema, productUpdateSchema } from '@/shared/schemas/products';
import { contactSchema, shopSettingsSchema } from '@/shared/schemas/shop';
import { checkoutForm } from '../helpers/orders';

/** Control characters: C0 (U+0000 to U+001F), DEL and C1 (U+0080 to U+009F). */
const CONTROLS = ['\u0000', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b[2J', '\u007f', '\u0085', '\u009b'];
const LINE_BREAKS = ['\t', '\n', '\r'];

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const order = checkoutForm;

describe('control characters in free text', () => {
  it('are found in a one-line text, and in a text of several lines all but line breaks and tabs', () => {
    for (const c of CONTROLS) expect(hasControlCharacter(`Ama${c}Serwaa`), JSON.stringify(c)).toBe(true);
    for (const c of CONTROLS) expect(hasControlCharacter(`Ama${c}Serwaa`, true), JSON.stringify(c)).toBe(!LINE_BREAKS.includes(c));
    // Letters of every script, punctuation and emoji are text, not control characters.
    for (const text of [
      'Ɔkɔmfo Anɔkye',
      'Adwoa Ɛsi-Mensah',
      'Café Crème',
      'Nana Yaa 🌿',
      'No. 5, Ring Road (near the £/€ shop)',
      'محمد',
      '\u00a0non-breaking',
    ]) {
      expect(hasControlCharacter(text), text).toBe(false);
    }
  });

  it('are refused by the shared builders with a clear message; outer spaces and line breaks are still trimmed', () => {
    expect(PAGE_MESSAGES.unusualCharacters).toBe('Please remove unusual characters.');
    const name = requiredText('Name is required', 100);
    expect(name.safeParse('Kofi\u0007 Mensah').error?.issues[0]?.message).toBe(PAGE_MESSAGES.unusualCharacters);
    expect(name.safeParse('Kofi\nMensah').success).toBe(false);
    expect(name.safeParse('  Kofi Mensah\n').data).toBe('Kofi Mensah');
    expect(optionalText(100).safeParse('Osu\u0085').success).toBe(false);
    expect(optionalText(100).safeParse('   ').data).toBeUndefined();
    const message = requiredText('Message is required', 5000, { multiline: true });
    expect(message.safeParse('Hello,\r\n\tthe parcel\nhas not arrived.').success).toBe(true);
    expect(message.safeParse('Hello\u001b[31m').error?.issues[0]?.message).toBe(PAGE_MESSAGES.unusualCharacters);
  });

  it("are refused in a checkout's name, address and city", () => {
    for (const field of ['fullName', 'address', 'city'] as const) {
      for (const c of CONTROLS) {
        const result = createOrderSchema.safeParse({ ...order, [field]: `Osu${c}Accra` });
        expect(messagesOf(result), `${field} ${JSON.stringify(c)}`).toEqual([`${field}: ${PAGE_MESSAGES.unusualCharacters}`]);
      }
    }
    expect(createOrderSchema.safeParse(order).success).toBe(true);
  });

  it('are refused in account names', () => {
    const signUp = { fullName: 'Kofi\u009bMensah', email: 'kofi@example.com', password: 'correct horse', confirmPassword: 'correct horse' };
    expect(messagesOf(signUpSchema.safeParse(signUp))).toEqual([`fullName: ${PAGE_MESSAGES.unusualCharacters}`]);
    expect(messagesOf(updateUserSchema.safeParse({ fullName: 'Kofi\u0008' }))).toEqual([`fullName: ${PAGE_MESSAGES.unusualCharacters}`]);
  });

  it('are refused in product names; a description keeps its lines', () => {
    const product = { name: 'Shea Butter', category: 'Skin', price: '45', stock: '3' };
    expect(messagesOf(productFormSchema.safeParse({ ...product, name: 'Shea\u001bButter' }))).toEqual([`name: ${PAGE_MESSAGES.unusualCharacters}`]);
    expect(productFormSchema.safeParse({ ...product, description: 'Raw shea.\n\n- 250 g\n- Tamale' }).success).toBe(true);
    expect(messagesOf(productFormSchema.safeParse({ ...product, description: 'Raw\u0007shea' }))).toEqual([`description: ${PAGE_MESSAGES.unusualCharacters}`]);
    expect(messagesOf(productUpdateSchema.safeParse({ name: 'Shea\u007f' }))).toEqual([`name: ${PAGE_MESSAGES.unusualCharacters}`]);
  });

  it('are refused in contact messages and shop settings, where the message and the address keep their lines', () => {
    const contact = { name: 'Abena', email: 'abena@example.com', subject: 'Order', message: 'Hello,\nwhere is my order?' };
    expect(contactSchema.safeParse(contact).success).toBe(true);
    expect(messagesOf(contactSchema.safeParse({ ...contact, subject: 'Order\r\nBcc: x@example.com' }))).toEqual([
      `subject: ${PAGE_MESSAGES.unusualCharacters}`,
    ]);
    expect(messagesOf(contactSchema.safeParse({ ...contact, name: 'Abena\u0085' }))).toEqual([`name: ${PAGE_MESSAGES.unusualCharacters}`]);
    expect(messagesOf(contactSchema.safeParse({ ...contact, message: 'Hello\u001b]0;title\u0007' }))).toEqual([`message: ${PAGE_MESSAGES.unusualCharacters}`]);

    const settings = { shopName: 'Nkuto Naturals', email: 'shop@example.com', phone: '+233 24 123 4567' };
    expect(shopSettingsSchema.safeParse({ ...settings, address: '12 Oxford Street\nOsu, Accra' }).success).toBe(true);
    for (const [field, value] of [
      ['shopName', 'Nkuto\u0007'],
      ['phone', '024\u0000123'],
      ['address', 'Osu\u000bAccra'],
    ] as const) {
      expect(messagesOf(shopSettingsSchema.safeParse({ ...settings, [field]: value })), field).toEqual([`${field}: ${PAGE_MESSAGES.unusualCharacters}`]);
    }
    expect(messagesOf(shopSettingsSchema.safeParse({ ...settings, socials: { x: 'https://x.com/nku\tto' } }))).toHaveLength(1);
    // An admin's note on a settled flag keeps its lines too.
    expect(clearOrderFlagSchema.safeParse({ note: 'Refunded by MoMo.\nRef 123' }).success).toBe(true);
    expect(messagesOf(clearOrderFlagSchema.safeParse({ note: 'Refunded\u0000' }))).toEqual([`note: ${PAGE_MESSAGES.unusualCharacters}`]);
  });
});
