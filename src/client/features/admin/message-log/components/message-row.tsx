import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type RefObject, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import * as table from '@/client/components/data-table.css';
import { EmailText } from '@/client/components/email-text';
import { type BadgeTone, StatusBadge } from '@/client/components/status-badge';
import { formatDate, formatTime } from '@/client/lib/format-date';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { OutboxMessage } from '@/shared/admin-types';
import type { MessageStatus } from '@/shared/back-office';
import { MESSAGE_KIND_LABELS } from '@/shared/back-office-labels';
import { resendMessageMutation } from '../api/resend-outbox-message';
import { MESSAGE_LOG_TEXTS } from '../texts';
import * as styles from './message-log.css';

/** The columns of a table of messages: the log's, and an order's panel's. */
export const MESSAGE_COLUMNS = ['When', 'To', 'Channel', 'What', 'State', 'Actions'] as const;

const STATUS_TONES: Record<MessageStatus, BadgeTone> = {
  queued: 'warning',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
  logged: 'neutral',
  unknown: 'danger',
};

/** Waiting to go, or on its way: nothing to send again yet. */
const canResend = (message: OutboxMessage) => message.status !== 'queued' && message.status !== 'sending';

/**
 * One message the shop sent (or is sending): when, to whom, how, what (with its order, when `linkOrder`
 * and it has one; its text behind a disclosure), its state, and Resend.
 */
export function MessageRow({ message, linkOrder }: { message: OutboxMessage; linkOrder: boolean }) {
  const state = useRef<HTMLSpanElement>(null);
  const what = MESSAGE_KIND_LABELS[message.kind] ?? message.kind;
  return (
    <tr>
      <td className={`${table.td} ${styles.words}`}>
        {/* '23 Nov 2026, 14:00', on two lines where the column is narrow (the order page's panel at 768 px). */}
        <time dateTime={message.createdAt}>
          <span className={table.nowrap}>{formatDate(message.createdAt)},</span> <span className={table.nowrap}>{formatTime(message.createdAt)}</span>
        </time>
      </td>
      <td className={`${table.td} ${styles.words}`}>
        <EmailText address={message.recipient} className={styles.recipient} />
        {message.audience === 'owner' && <span className={styles.owner}>{MESSAGE_LOG_TEXTS.owner}</span>}
      </td>
      <td className={`${table.td} ${table.nowrap}`}>{MESSAGE_LOG_TEXTS.channels[message.channel]}</td>
      <td className={`${table.td} ${styles.words}`}>
        <span className={styles.what}>
          {what}
          {linkOrder && message.orderId && message.orderNumber && (
            <Link to="/admin/orders/$id" params={{ id: message.orderId }} className={table.cellLink}>
              {message.orderNumber}
            </Link>
          )}
        </span>
        <details className={styles.text}>
          <summary className={styles.summary}>{MESSAGE_LOG_TEXTS.readMessage}</summary>
          {message.subject && (
            <p className={styles.body}>
              <strong>{MESSAGE_LOG_TEXTS.subject}</strong> {message.subject}
            </p>
          )}
          <p className={styles.body}>{message.body}</p>
        </details>
      </td>
      <td className={`${table.td} ${styles.words}`}>
        <MessageState message={message} stateRef={state} />
      </td>
      <td className={table.td}>{canResend(message) && <ResendButton message={message} what={what} onResent={() => state.current?.focus()} />}</td>
    </tr>
  );
}

/** The state in words on its badge; why it failed, or that it was only logged, under it. It takes the focus once resent. */
function MessageState({ message, stateRef }: { message: OutboxMessage; stateRef: RefObject<HTMLSpanElement | null> }) {
  return (
    <span ref={stateRef} tabIndex={-1} className={styles.state}>
      <StatusBadge text={MESSAGE_LOG_TEXTS.statuses[message.status]} tone={STATUS_TONES[message.status]} />
      {message.status === 'failed' && message.lastError && <span className={styles.note}>{message.lastError}</span>}
      {message.status === 'unknown' && (
        <>
          <strong className={styles.note}>{MESSAGE_LOG_TEXTS.unknownHint}</strong>
          {message.lastError && <span className={styles.note}>{message.lastError}</span>}
        </>
      )}
      {message.status === 'logged' && <span className={styles.note}>{MESSAGE_LOG_TEXTS.loggedHint}</span>}
    </span>
  );
}

/**
 * Resend: queues the message again; the toast says the server's answer (or why it cannot go again).
 * A message whose outcome is unknown may have arrived: it asks first (a second copy is paid for).
 * The button goes once the message is queued, so its row's state takes the focus (`onResent`).
 */
function ResendButton({ message, what, onResent }: { message: OutboxMessage; what: string; onResent(): void }) {
  const resend = useMutation(resendMessageMutation());
  const [asking, setAsking] = useState(false);
  const busy = resend.isPending;
  const run = async () => {
    if (busy) return;
    try {
      const answer = await resend.mutateAsync(message._id);
      setAsking(false);
      onResent();
      toast.success(answer.message);
    } catch (error) {
      setAsking(false);
      toast.error((await toApiFailure(error, MESSAGE_LOG_TEXTS.resendFailed)).message);
    }
  };
  return (
    <>
      {asking && (
        <ConfirmDialog
          title={MESSAGE_LOG_TEXTS.confirmResendTitle(what, message.recipient)}
          text={MESSAGE_LOG_TEXTS.confirmResendText}
          confirmLabel={MESSAGE_LOG_TEXTS.confirmResend}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        />
      )}
      <button
        type="button"
        className={button({ tone: 'quiet', size: 'sm' })}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={MESSAGE_LOG_TEXTS.resendLabel(what, message.recipient)}
        onClick={() => (message.status === 'unknown' ? setAsking(true) : void run())}
      >
        {busy && <Busy />}
        {MESSAGE_LOG_TEXTS.resend}
      </button>
    </>
  );
}
