import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailAddress, optionalText, requiredText } from './fields';

export const loginSchema = z.object({
  email: z
    .string({ error: MESSAGES.signInMissing })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, MESSAGES.signInMissing), z.maxLength(LIMITS.maxEmailLength, MESSAGES.signInFailed)),
  password: z
    .string({ error: MESSAGES.signInMissing })
    .check(z.minLength(1, MESSAGES.signInMissing), z.maxLength(LIMITS.maxPasswordLength, MESSAGES.signInFailed)),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.minLength(1, missing),
      z.minLength(LIMITS.minPasswordLength, MESSAGES.passwordTooShort),
      z.maxLength(LIMITS.maxPasswordLength, `At most ${LIMITS.maxPasswordLength} characters.`),
    );

export const signUpSchema = z
  .object({
    fullName: requiredText(MESSAGES.signUpMissing, LIMITS.maxNameLength),
    email: emailAddress(MESSAGES.signUpMissing),
    password: newPassword(MESSAGES.signUpMissing),
    confirmPassword: z.string({ error: MESSAGES.signUpMissing }).check(z.minLength(1, MESSAGES.signUpMissing)),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDiffer, path: ['confirmPassword'] }));
export type SignUpInput = z.infer<typeof signUpSchema>;

export const updateUserSchema = z
  .object({
    fullName: optionalText(LIMITS.maxNameLength),
    email: z.optional(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    password: z.optional(
      z.pipe(
        z.string(),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    currentPassword: z.optional(
      z.pipe(
        z.string(),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
  })
  .check(
    z.refine((v) => v.fullName !== undefined || v.email !== undefined || v.password !== undefined, { message: MESSAGES.profileNothing }),
    z.refine((v) => v.email === undefined || (v.email.length <= LIMITS.maxEmailLength && z.email().safeParse(v.email).success), {
      message: MESSAGES.invalidEmail,
      path: ['email'],
    }),
    z.refine((v) => v.password === undefined || v.password.length >= LIMITS.minPasswordLength, {
      message: MESSAGES.passwordTooShort,
      path: ['password'],
    }),
    z.refine((v) => v.password === undefined || v.password.length <= LIMITS.maxPasswordLength, {
      message: `At most ${LIMITS.maxPasswordLength} characters.`,
      path: ['password'],
    }),
    z.refine((v) => v.password === undefined || v.currentPassword !== undefined, {
      message: MESSAGES.profileNeedsCurrent,
      path: ['currentPassword'],
    }),
  );
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
