import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { emailAddress, requiredText } from './fields';

export const contactSchema = z.object({
  name: requiredText(MESSAGES.contactMissing, LIMITS.maxNameLength),
  email: emailAddress(MESSAGES.contactMissing),
  subject: requiredText(MESSAGES.contactMissing, 200),
  message: requiredText(MESSAGES.contactMissing, 5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const subscribeSchema = z.object({ email: emailAddress('Please enter your email address.') });
