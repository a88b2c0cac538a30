import { type RefObject, useEffect, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import type { PromoCode } from '@/shared/admin-types';
import { PROMO_TEXTS } from '../texts';
import * as styles from './promo-codes.css';

/** The calls a promo code's row makes, one at a time. */
export type RowAction = 'percent' | 'active' | 'delete' | 'limits';

interface PromoActionsProps {
  promo: PromoCode;
  busy: RowAction | null;
  editing: boolean;
  editorId: string;
  limitsButton: RefObject<HTMLButtonElement | null>;
  toggleButton: RefObject<HTMLButtonElement | null>;
  onEditor(open: boolean): void;
  onToggle(): void;
  /** Answers whether the code was deleted. */
  onDelete(): Promise<boolean>;
}

/** A row's Limits, Deactivate / Activate and Delete (asked again: Yes, delete / Cancel). */
export function PromoActions({ promo, busy, editing, editorId, limitsButton, toggleButton, onEditor, onToggle, onDelete }: PromoActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The confirmation swaps Delete for Yes, delete / Cancel and back: the focus follows to what is shown.
  const focusNext = useRef<'cancel' | 'delete' | null>(null);
  useEffect(() => {
    const shown = confirming ? 'cancel' : 'delete';
    if (focusNext.current !== shown) return;
    focusNext.current = null;
    (confirming ? cancelButton : deleteButton).current?.focus();
  }, [confirming]);
  /** Shows the confirmation (the focus on Cancel) or puts Delete back (the focus on it). */
  const showConfirmation = (shown: boolean) => {
    focusNext.current = shown ? 'cancel' : 'delete';
    setConfirming(shown);
  };
  const remove = async () => {
    if (busy) return;
    if (!(await onDelete())) showConfirmation(false);
  };
  const spinner = (action: RowAction) => busy === action && <Busy />;

  return (
    <div className={styles.actions}>
      <button
        ref={limitsButton}
        type="button"
        className={button({ tone: 'quiet' })}
        aria-expanded={editing}
        aria-controls={editing ? editorId : undefined}
        disabled={busy !== null}
        onClick={() => onEditor(!editing)}
      >
        {PROMO_TEXTS.editLimits}
      </button>
      <button ref={toggleButton} type="button" className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={() => !busy && onToggle()}>
        {spinner('active')}
        {promo.active ? 'Deactivate' : 'Activate'}
      </button>
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form field set
        <span className={styles.confirm} role="group" aria-label={`Delete ${promo.code}?`}>
          <span aria-hidden="true">Delete {promo.code}?</span>
          <button type="button" className={button({ tone: 'danger' })} disabled={busy !== null} onClick={() => void remove()}>
            {spinner('delete')}
            Yes, delete
          </button>
          <button ref={cancelButton} type="button" className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={() => showConfirmation(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <button ref={deleteButton} type="button" className={button({ tone: 'danger' })} disabled={busy !== null} onClick={() => showConfirmation(true)}>
          Delete
        </button>
      )}
    </div>
  );
}
