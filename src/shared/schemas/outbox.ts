import * as z from 'zod/mini';
import { MESSAGE_STATUSES } from '../back-office';
import { PAGE_MESSAGES } from '../page-messages';
import { toGhanaE164 } from '../phone';
import { SERVER_MESSAGES } from '../server-messages';
import { emailAddress, isId, pagingShape } from './fields';
import { ghanaPhone } from './orders';

/** `GET /outboxMessages`: one order's messages, or the whole log (newest first), by state; paged. */
export const outboxListQuerySchema = z.object({
  orderId: z.optional(z.string().check(z.refine(isId, 'Unknown order.'))),
  status: z.optional(z.enum(MESSAGE_STATUSES, { error: `Unknown state. Use one of: ${MESSAGE_STATUSES.join(', ')}.` })),
  ...pagingShape,
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

/** At most this many owner phones and e-mails: alerts go to people, not to a mailing list. */
export const MAX_ALERT_CONTACTS = 5;

/** `PUT /ownerAlerts` (admin): where the owner's alerts go and which kinds are on. */
export const ownerAlertsSchema = z.object({
  phones: z.array(z.pipe(ghanaPhone, z.transform(toGhanaE164))).check(z.maxLength(MAX_ALERT_CONTACTS, SERVER_MESSAGES.tooManyAlertContacts)),
  emails: z.array(emailAddress(PAGE_MESSAGES.emailRequired)).check(z.maxLength(MAX_ALERT_CONTACTS, SERVER_MESSAGES.tooManyAlertContacts)),
  newOrder: z.boolean(),
  paymentFlag: z.boolean(),
  lowStock: z.boolean(),
});
