import { pagedListTexts } from '@/client/components/admin-list';
import type { MessageChannel, MessageStatus } from '@/shared/back-office';

/** The message log's texts (and the order page's Messages panel). Kept here: the server never sends them. */
export const MESSAGE_LOG_TEXTS = {
  loadFailed: 'Failed to load the message log',
  loading: 'Loading messages…',
  empty: 'No messages yet. Messages appear here when orders are placed.',
  emptyFiltered: 'No messages in this state.',
  orderEmpty: 'No messages for this order yet.',
  resendFailed: 'Failed to resend the message',
  found: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
  owner: 'Owner',
  readMessage: 'Read message',
  subject: 'Subject:',
  /** A logged message: there is no gateway to send it through. */
  loggedHint: 'No gateway configured: shown here only',
  statusFilter: 'State',
  statusAll: 'All',
  channels: { sms: 'SMS', email: 'E-mail' } satisfies Record<MessageChannel, string>,
  /** An unknown outcome: its answer was lost, so it is never sent again by itself. */
  unknownHint: 'The gateway may have sent it; check with the customer before sending again.',
  statuses: {
    queued: 'Queued',
    sending: 'Sending',
    sent: 'Sent',
    failed: 'Failed',
    logged: 'Logged only',
    unknown: 'Outcome unknown',
  } satisfies Record<MessageStatus, string>,
  resend: 'Resend',
  resendLabel: (what: string, to: string) => `Resend ${what} to ${to}`,
  /** The question before resending a message that may have arrived. */
  confirmResendTitle: (what: string, to: string) => `Send ${what} to ${to} again?`,
  confirmResendText: 'The gateway may already have delivered it: if you send it again, the customer may get it twice and each copy is paid for.',
  confirmResend: 'Send again',
} as const;

/** The log shows 20 messages a page. */
export const MESSAGE_LOG_PER_PAGE = 20;

/** What the message log says: its failure, its loading line, its count and its pager's name. */
export const MESSAGE_LOG_LIST_TEXTS = pagedListTexts(MESSAGE_LOG_TEXTS.loadFailed, MESSAGE_LOG_TEXTS.loading, MESSAGE_LOG_TEXTS.found, 'Message log pages');
