import { describe, expect, it } from 'vitest';
import { categoryFromSlug, slugFromCategory } from '@/shared/constants';
import { formatCedis, toCedis, toPesewas } from '@/shared/money';
import { isGhanaPhone } from '@/shared/phone';
import { signUpSchema, updateUserSchema } from '@/shared/schemas/auth';
import { addToCartSchema } from '@/shared/schemas/cart';
import { expectEach } from '../helpers/expect-each';

describe('money', () => {
  it('formats cedis with the ₵ sign and two decimals', () => {
    expectEach(formatCedis, [
      [1234.5, '₵1,234.50'],
      [0, '₵0.00'],
      [45, '₵45.00'],
    ]);
  });

  it('prints every amount as the en-GH currency format does, with ₵ for GH₵', () => {
    // The format is written by hand (building Intl's costs a phone a long task): Intl is the reference.
    const intl = new Intl.NumberFormat('en-GH', { style: 'currency', currency: 'GHS', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const reference = (n: number) => intl.format(n).replace('GH₵', '₵').replace(/\s/g, '');
    const amounts = [0, -0, 0.005, 0.015, 0.125, 1.005, 2.675, 999.995, 1000, 1234.5, 12_345.678, 999_999.99, 1_234_567.891, 10_000_000, -0.001, -45, -1234.5];
    // Spread over every size a price has, with one to three decimals (a fixed sequence: the same each run).
    for (let i = 0; i < 2000; i++) amounts.push(((i * 2_654_435_761) % 10 ** (2 + (i % 8))) / (i % 3 === 0 ? 1000 : 100));
    for (const n of amounts) expect(formatCedis(n), String(n)).toBe(reference(n));
  });

  it('converts without floating-point drift', () => {
    expect(toPesewas(19.99)).toBe(1999);
    expect(toPesewas(0.1 + 0.2)).toBe(30);
    expect(toCedis(1999)).toBe(19.99);
  });
});

describe('Ghana phone numbers', () => {
  it.each(['+233241234567', '0241234567', '+233 24 123 4567', '024 123 4567'])('accepts %s', (phone) => expect(isGhanaPhone(phone)).toBe(true));
  it.each(['+23324123456', '024123456', '+2332412345678', '00233241234567', 'abcdefghij', ''])('refuses %s', (phone) =>
    expect(isGhanaPhone(phone)).toBe(false),
  );
});

describe('categories', () => {
  it('maps route slugs to stored names and back', () => {
    expect(categoryFromSlug('gifts-and-sets')).toBe('Gifts and Sets');
    expect(slugFromCategory('Natural Oils')).toBe('natural-oils');
    expect(categoryFromSlug('others')).toBeUndefined();
  });
});

describe('request schemas', () => {
  it('takes cart quantities as numbers or digit strings, and nothing else', () => {
    const id = '6f1c2b1e-1111-4000-8000-000000000000';
    expect(addToCartSchema.parse({ productId: id, quantity: '3' })).toEqual({ productId: id, quantity: 3 });
    for (const quantity of [0, -1, 1.5, '2.5', 'two', null, true]) {
      expect(addToCartSchema.safeParse({ productId: id, quantity }).error?.issues[0]?.message).toBe('Please enter a valid quantity');
    }
    expect(addToCartSchema.safeParse({ productId: 'x', quantity: 1 }).error?.issues[0]?.message).toBe('Invalid product selected');
  });

  it('checks sign-up fields with the spec texts', () => {
    const ok = { fullName: ' Ama ', email: ' AMA@Example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(signUpSchema.parse(ok)).toMatchObject({ fullName: 'Ama', email: 'ama@example.com' });
    expect(signUpSchema.safeParse({ ...ok, confirmPassword: 'abcdefgx' }).error?.issues[0]?.message).toBe('Passwords do not match.');
  });

  it('drops empty profile fields and asks for one', () => {
    expect(updateUserSchema.parse({ fullName: 'Kojo', email: '', password: '' })).toEqual({ fullName: 'Kojo' });
    expect(updateUserSchema.safeParse({ fullName: '', email: '' }).error?.issues[0]?.message).toBe('Please provide at least one field to update.');
  });
});
