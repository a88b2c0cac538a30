import type { ServerEnv } from '../config';
import { createSmtpEmail } from './email-smtp';
import type { SenderChannels } from './sender';
import { createHubtelSms } from './sms-hubtel';

/** The channels the environment configures (keys from the environment only, ARCHITECTURE §8b); null where none is. */
export function channelsFromEnv(env: ServerEnv): SenderChannels {
  return {
    sms:
      env.SMS_PROVIDER === 'hubtel' && env.SMS_API_KEY && env.SMS_SENDER_ID
        ? createHubtelSms({ apiKey: env.SMS_API_KEY, senderId: env.SMS_SENDER_ID, baseUrl: env.SMS_BASE_URL })
        : null,
    email: env.SMTP_URL && env.MAIL_FROM ? createSmtpEmail({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null,
  };
}

/** The banner's line: which channels really send. */
export function channelsLine(channels: SenderChannels): string {
  const sms = channels.sms ? `SMS through ${channels.sms.name}` : 'SMS only logged (set SMS_PROVIDER, SMS_API_KEY, SMS_SENDER_ID)';
  const email = channels.email ? 'e-mail through SMTP' : 'e-mail only logged (set SMTP_URL and MAIL_FROM)';
  return `  Messages: ${sms}; ${email}. The admin's message log shows every one.`;
}
