import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { OrderPanel } from '@/client/components/order-display';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { AdminCustomer } from '@/shared/admin-types';
import { sendPasswordResetMutation } from '../api/send-password-reset';
import { CUSTOMERS_TEXTS } from '../texts';
import * as styles from './customers.css';

type Channel = 'email' | 'sms';

/**
 * A customer who cannot get in: the admin sends them a reset link by e-mail or a code by
 * SMS (POST /sendPasswordReset). The toast says the server's answer; a refusal stays under the
 * buttons until the next try. SMS needs the account's own phone: without one its button says why not.
 */
export function PasswordResetPanel({ user }: { user: AdminCustomer }) {
  const send = useMutation(sendPasswordResetMutation());
  // The refusal in words (the mutation's error is whatever the call threw).
  const [failure, setFailure] = useState<string | null>(null);
  const sending: Channel | null = send.isPending ? send.variables.channel : null;
  const noPhoneId = `customer-${user._id}-no-phone`;

  const run = (channel: Channel) => {
    if (send.isPending) return;
    setFailure(null);
    send.mutate(
      { userId: user._id, channel },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: async (error) => setFailure((await toApiFailure(error, CUSTOMERS_TEXTS.resetFailed)).message),
      },
    );
  };

  return (
    <OrderPanel id="customer-reset-title" title="Password reset" className={styles.panel}>
      <p className={styles.note}>Sends the customer a way to choose a new password: a link by email, or a code by SMS to the account's phone.</p>
      <div className={styles.contactActions}>
        <button type="button" className={button({ tone: 'quiet' })} disabled={sending !== null} onClick={() => run('email')}>
          {sending === 'email' && <Busy />}
          Send reset link by email
        </button>
        <button
          type="button"
          className={button({ tone: 'quiet' })}
          disabled={sending !== null || !user.accountPhone}
          aria-describedby={user.accountPhone ? undefined : noPhoneId}
          onClick={() => run('sms')}
        >
          {sending === 'sms' && <Busy />}
          Send reset code by SMS
        </button>
      </div>
      {!user.accountPhone && (
        <p id={noPhoneId} className={styles.note}>
          {ACCOUNT_TEXTS.adminResetNoPhone}
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
    </OrderPanel>
  );
}
