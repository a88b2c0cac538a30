import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type Ref, useId } from 'react';
import { useForm } from 'react-hook-form';
import { button } from '@/client/components/button';
import { failureDetail } from '@/client/components/load-failure';
import { ModalDialog } from '@/client/components/modal-dialog';
import * as display from '@/client/components/order-display.css';
import { formatDateTime } from '@/client/lib/format-date';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { ORDER_FLAG_LABELS } from '@/shared/back-office-labels';
import { clearOrderFlagSchema } from '@/shared/schemas/orders';
import type { OrderFlag } from '@/shared/types';
import { clearOrderFlagMutation } from '../api/clear-order-flag';
import { ORDERS_TEXTS } from '../texts';
import * as styles from './order-detail.css';
import { closeUnlessBusy, DialogButtons, DialogField, HistoryGroup } from './order-dialog-form';
import { ToastText } from './toast-text';

export const flagLabel = (flag: OrderFlag): string => ORDER_FLAG_LABELS[flag.kind] ?? flag.kind;

/**
 * "Needs attention": the order's open flags (what, why, since when), each with Clear; under them the
 * cleared ones as history (when, and the admin's note). Nothing when the order was never flagged.
 */
export function OrderFlags({
  flags,
  titleRef,
  onClear,
}: {
  flags: readonly OrderFlag[];
  titleRef: Ref<HTMLHeadingElement>;
  /** Clear was pressed on `flag`; `opener` gets the focus back if the dialog is closed. */
  onClear(flag: OrderFlag, opener: HTMLElement): void;
}) {
  if (flags.length === 0) return null;
  const open = flags.filter((flag) => flag.clearedAt === null);
  const cleared = flags.filter((flag) => flag.clearedAt !== null);
  return (
    <section className={styles.panel} aria-labelledby="order-flags-title">
      <h2 id="order-flags-title" ref={titleRef} tabIndex={-1} className={display.panelTitle}>
        {ORDERS_TEXTS.needsAttention}
      </h2>
      {open.length === 0 ? (
        <p className={styles.note}>{ORDERS_TEXTS.nothingOpen}</p>
      ) : (
        <ul className={styles.flagList}>
          {open.map((flag) => (
            <li key={flag._id} className={styles.flag}>
              <p className={styles.flagLabel}>{ORDERS_TEXTS.attention(flagLabel(flag))}</p>
              <p className={styles.flagText}>{flag.reason}</p>
              <p className={styles.note}>
                <time dateTime={flag.createdAt}>{ORDERS_TEXTS.raisedAt(formatDateTime(flag.createdAt))}</time>
              </p>
              <div className={styles.flagActions}>
                <button
                  type="button"
                  className={button({ tone: 'quiet', size: 'sm' })}
                  aria-label={`Clear flag: ${flagLabel(flag)}`}
                  onClick={(event) => onClear(flag, event.currentTarget)}
                >
                  Clear
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <HistoryGroup id="order-flags-cleared-title" title={ORDERS_TEXTS.clearedFlags}>
        {cleared.map((flag) => (
          <li key={flag._id} className={styles.historyItem}>
            <span className={styles.historyHead}>{flagLabel(flag)}</span>
            <span>{flag.reason}</span>
            {flag.clearedAt && (
              <time dateTime={flag.clearedAt} className={styles.note}>
                {ORDERS_TEXTS.clearedAt(formatDateTime(flag.clearedAt))}
              </time>
            )}
            {flag.clearNote && <span>{flag.clearNote}</span>}
          </li>
        ))}
      </HistoryGroup>
    </section>
  );
}

/**
 * Clear a flag: the admin says how it was settled (1 to 500 characters), then the server clears it
 * and answers the order, which goes into the order's query. A flag someone else cleared meanwhile
 * (409) ends the dialog: `onStale` reloads the order.
 */
export function ClearFlagDialog({ flag, onClose, onCleared, onStale }: { flag: OrderFlag; onClose(): void; onCleared(): void; onStale(): void }) {
  const clear = useMutation(clearOrderFlagMutation());
  const { register, handleSubmit, setError, clearErrors, formState } = useForm({
    defaultValues: { note: '' },
    resolver: zodResolver(clearOrderFlagSchema),
    reValidateMode: 'onSubmit',
  });
  // Busy from the tap until the dialog is gone: a cleared flag leaves with the page's next render.
  const busy = clear.isPending || clear.isSuccess;
  const close = closeUnlessBusy(busy, onClose);
  const error = formState.errors.note?.message;
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = handleSubmit(({ note }) => {
    if (busy) return;
    clear.mutate(
      { flagId: flag._id, note },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onCleared();
        },
        onError: async (caught) => {
          const failure = await toApiFailure(caught, ORDERS_TEXTS.clearFailed);
          const detail = failureDetail(failure, ORDERS_TEXTS.clearFailed);
          toast.error(<ToastText title={ORDERS_TEXTS.clearFailed} detail={detail} />);
          if (failure.status === 409 || failure.status === 404) return onStale();
          setError('note', { type: 'server', message: detail ?? ORDERS_TEXTS.clearFailed });
        },
      },
    );
  });

  return (
    <ModalDialog title={ORDERS_TEXTS.clearFlagTitle(flagLabel(flag))} intro={flag.reason} initialFocus="textarea" onClose={close}>
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <DialogField id={noteId} label={ORDERS_TEXTS.clearNoteLabel} errorId={errorId} error={error}>
          <textarea
            {...register('note', { onChange: () => clearErrors('note') })}
            id={noteId}
            className={styles.dialogTextarea}
            maxLength={500}
            required
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
          <p id={hintId} className={styles.dialogHint}>
            {ORDERS_TEXTS.clearNoteHint}
          </p>
        </DialogField>
        <DialogButtons busy={busy} onCancel={close}>
          Clear flag
        </DialogButtons>
      </form>
    </ModalDialog>
  );
}
