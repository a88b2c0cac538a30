import { useQuery } from '@tanstack/react-query';
import { shopSettingsQuery } from '../../lib/queries/settings';

/** How this shop can send a forgotten password's reset: a link by e-mail, a code by SMS. */
export interface ResetWays {
  email: boolean;
  sms: boolean;
}

/**
 * What the settings say the shop can send, or null while they are unknown (loading, or offline with
 * no copy). Read from the cache only: the root route loads the settings, and this is no reason to
 * ask again. A copy kept from before resets existed has no `passwordReset`: none, as then.
 */
export function useResetWays(): ResetWays | null {
  const settings = useQuery({ ...shopSettingsQuery(), enabled: false }).data;
  if (!settings) return null;
  return { email: settings.passwordReset?.email === true, sms: settings.passwordReset?.sms === true };
}

/** The contact field as the shop's ways make it: its label, its type and what a browser may fill in. */
export function contactFieldOf(ways: ResetWays) {
  if (ways.email && !ways.sms) return { label: 'Email', type: 'email', autoComplete: 'email' } as const;
  if (ways.sms && !ways.email) return { label: 'Phone number', type: 'tel', autoComplete: 'tel' } as const;
  // Either: one text box, as a sign-in name (password managers offer the account's e-mail).
  return { label: 'Email or phone number', type: 'text', autoComplete: 'username' } as const;
}
