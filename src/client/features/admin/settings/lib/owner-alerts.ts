import type { OwnerAlertSettings } from '@/shared/admin-types';
import { ownerAlertsSchema } from '@/shared/schemas/outbox';

/** The alert form's text fields: one phone, or one e-mail, a line. */
export const ALERT_FIELDS = ['phones', 'emails'] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];
export type AlertValues = Record<AlertField, string>;
export type AlertErrors = Partial<Record<AlertField, string>>;
/** The kinds of alert, each on or off. */
export type AlertKinds = Pick<OwnerAlertSettings, 'newOrder' | 'paymentFlag' | 'lowStock'>;
/** The contacts as sent: a list per field. */
type AlertContacts = Pick<OwnerAlertSettings, AlertField>;

export const alertValuesOf = (settings: OwnerAlertSettings): AlertValues => ({ phones: settings.phones.join('\n'), emails: settings.emails.join('\n') });

export const alertKindsOf = ({ newOrder, paymentFlag, lowStock }: OwnerAlertSettings): AlertKinds => ({ newOrder, paymentFlag, lowStock });

/** A field's lines as a list: each trimmed, the blank ones dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * One message per field (the first wins), from zod issues or the server's `errors`. An issue about
 * one entry (`['phones', 2]`) names it, as the field holds several: 'x@y: Enter a valid e-mail'.
 */
export function alertErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], sent: AlertContacts): AlertErrors {
  const errors: AlertErrors = {};
  for (const { path, message } of issues) {
    const field = ALERT_FIELDS.find((f) => f === path[0]);
    if (!field || errors[field]) continue;
    const entry = typeof path[1] === 'number' ? sent[field][path[1]] : undefined;
    errors[field] = entry ? `${entry}: ${message}` : message;
  }
  return errors;
}

/** The shared schema's rules (Ghana phones, e-mails, at most 5 of each): the settings to send, or one error per field. */
export function checkOwnerAlerts(values: AlertValues, kinds: AlertKinds): { input: OwnerAlertSettings } | { errors: AlertErrors } {
  const contacts: AlertContacts = { phones: linesOf(values.phones), emails: linesOf(values.emails) };
  const parsed = ownerAlertsSchema.safeParse({ ...contacts, ...kinds });
  return parsed.success ? { input: parsed.data } : { errors: alertErrorsOf(parsed.error.issues, contacts) };
}
