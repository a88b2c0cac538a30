import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { td } from '@/client/components/data-table.css';
import { StatusBadge } from '@/client/components/status-badge';
import * as fieldStyles from '@/client/components/text-field.css';
import { formatDate } from '@/client/lib/format-date';
import { toApiFailure } from '@/client/lib/http';
import { MESSAGES } from '@/shared/messages';
import type { ChangeAnswer, PromoCode } from '@/shared/types';
import { deletePromoCodeMutation } from '../api/delete-promo-code';
import { updatePromoCodeMutation } from '../api/update-promo-code';
import { fieldErrorsOfFailure, readPercent } from '../lib/promo-input';
import { datesText, type LimitErrors, type LimitField, type LimitValues, limitValuesOf, readLimits, STATE_BADGES, usesText } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import * as styles from './promo-codes.css';
import { PromoLimitFields } from './promo-limit-fields';

type Action = 'percent' | 'active' | 'delete' | 'limits';

/** The table's columns (promo-codes-page.tsx): the limits editor spans them all. */
export const PROMO_COLUMNS = ['Code', 'Discount (%)', 'Status', 'Uses', 'Valid', 'Created', 'Actions'] as const;

interface PromoCodeRowProps {
  promo: PromoCode;
  /** This code was deleted (the row goes away: the page takes the focus). */
  onDeleted(): void;
}

/**
 * One code: its percent edited in place (Save), its standing (Active, Inactive, Scheduled, Expired,
 * Used up), uses so far and dates; its limits edited under the row (Limits), switched off and on
 * (Deactivate / Activate), or deleted after a confirmation. The row's buttons wait while one of its calls is out. Each change
 * answers the whole list, which the page then shows (api/*-promo-code.ts).
 */
export function PromoCodeRow({ promo, onDeleted }: PromoCodeRowProps) {
  const update = useMutation(updatePromoCodeMutation());
  const removal = useMutation(deletePromoCodeMutation());
  const [draft, setDraft] = useState(String(promo.percent));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  const percentInput = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const limitsButton = useRef<HTMLButtonElement>(null);
  const [editing, setEditing] = useState(false);
  const [limits, setLimits] = useState<LimitValues>(() => limitValuesOf(promo));
  const [limitErrors, setLimitErrors] = useState<LimitErrors>({});
  const limitInputs = {
    startsAt: useRef<HTMLInputElement>(null),
    endsAt: useRef<HTMLInputElement>(null),
    maxUses: useRef<HTMLInputElement>(null),
    onePerCustomer: useRef<HTMLInputElement>(null),
  };
  const editorId = useId();
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

  // A button disabled while its call was out drops the focus: once enabled again, it gets it back.
  const finished = useRef<Action | null>(null);
  useEffect(() => {
    const action = finished.current;
    if (busy !== null || action === null) return;
    finished.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && action !== 'delete') (action === 'percent' ? percentInput : action === 'limits' ? limitsButton : toggleButton).current?.focus();
  }, [busy]);

  const base = `promo-${promo.code}`;
  const errorId = `${base}-percent-error`;

  /** Runs one call of this row; the server's message is toasted either way. Answers whether it was saved. */
  const run = async (action: Action, call: () => Promise<ChangeAnswer<PromoCode[]>>, fallback: string): Promise<boolean> => {
    setBusy(action);
    try {
      const answer = await call();
      toast.success(answer.message);
      return true;
    } catch (caught) {
      const failure = await toApiFailure(caught, fallback);
      const percentError = action === 'percent' ? fieldErrorsOfFailure(failure).percent : undefined;
      const refusedLimits = action === 'limits' ? limitErrorsOf(fieldErrorsOfFailure(failure)) : {};
      if (Object.keys(refusedLimits).length > 0) {
        refuseLimits(refusedLimits);
      } else if (percentError) {
        setError(percentError);
        percentInput.current?.focus();
      } else {
        toast.error(failure.message);
      }
      return false;
    } finally {
      finished.current = action;
      setBusy(null);
    }
  };

  const savePercent = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const read = readPercent(draft);
    if (!read.ok) {
      setError(read.errors.percent ?? MESSAGES.promoPercentInvalid);
      percentInput.current?.focus();
      return;
    }
    setError(undefined);
    await run('percent', () => update.mutateAsync({ code: promo.code, changes: { percent: read.value } }), PROMO_TEXTS.saveFailed);
  };

  const toggleActive = async () => {
    if (busy) return;
    await run('active', () => update.mutateAsync({ code: promo.code, changes: { active: !promo.active } }), PROMO_TEXTS.saveFailed);
  };

  /** Marks the refused limits and focuses the first. */
  const refuseLimits = (found: LimitErrors) => {
    setLimitErrors(found);
    const first = (Object.keys(limitInputs) as LimitField[]).find((field) => found[field]);
    if (first) limitInputs[first].current?.focus();
  };

  /** Opens the editor from the code's limits as they are now, or closes it (the focus back on Limits). */
  const toggleEditor = (open: boolean) => {
    if (open) {
      setLimits(limitValuesOf(promo));
      setLimitErrors({});
    }
    setEditing(open);
    if (!open) limitsButton.current?.focus();
  };

  const changeLimit = (field: LimitField, value: string | boolean) => {
    setLimits((current) => ({ ...current, [field]: value }));
    if (limitErrors[field]) setLimitErrors((e) => ({ ...e, [field]: undefined }));
  };

  const saveLimits = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const read = readLimits(limits, limitValuesOf(promo));
    if (!read.ok) {
      refuseLimits(read.errors);
      return;
    }
    setLimitErrors({});
    if (Object.keys(read.value).length === 0) {
      toast(PROMO_TEXTS.noChange);
      toggleEditor(false);
      return;
    }
    if (await run('limits', () => update.mutateAsync({ code: promo.code, changes: read.value }), PROMO_TEXTS.saveFailed)) toggleEditor(false);
  };

  const remove = async () => {
    if (busy) return;
    if (await run('delete', () => removal.mutateAsync(promo.code), PROMO_TEXTS.deleteFailed)) onDeleted();
    else showConfirmation(false);
  };

  const spinner = (action: Action) => busy === action && <Busy />;

  const badge = STATE_BADGES[promo.state];
  return (
    <>
      <tr>
        <th scope="row" className={`${td} ${styles.code}`}>
          {promo.code}
        </th>
        <td className={td}>
          <form className={styles.percentForm} onSubmit={(event) => void savePercent(event)} noValidate>
            <label htmlFor={`${base}-percent`} className="visually-hidden">
              Discount (%) for {promo.code}
            </label>
            <input
              ref={percentInput}
              id={`${base}-percent`}
              className={`${fieldStyles.input} ${styles.percentInput}`}
              type="text"
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              readOnly={busy !== null}
            />
            <span aria-hidden="true">%</span>
            <button type="submit" className={button({ tone: 'quiet' })} disabled={busy !== null}>
              {spinner('percent')}
              Save
            </button>
          </form>
          {error && (
            <p id={errorId} className={`${fieldStyles.fieldError} ${styles.rowError}`}>
              {error}
            </p>
          )}
        </td>
        <td className={td}>
          <StatusBadge text={badge.text} tone={badge.tone} />
        </td>
        <td className={`${td} ${styles.limitCell}`}>{usesText(promo)}</td>
        <td className={`${td} ${styles.validCell}`}>
          {datesText(promo)}
          {promo.onePerCustomer && <span className={styles.limitNote}>{PROMO_TEXTS.onePerCustomerNote}</span>}
        </td>
        <td className={`${td} ${styles.date}`}>
          <time dateTime={promo.createdAt}>{formatDate(promo.createdAt)}</time>
        </td>
        <td className={td}>
          <div className={styles.actions}>
            <button
              ref={limitsButton}
              type="button"
              className={button({ tone: 'quiet' })}
              aria-expanded={editing}
              aria-controls={editing ? editorId : undefined}
              disabled={busy !== null}
              onClick={() => toggleEditor(!editing)}
            >
              {PROMO_TEXTS.editLimits}
            </button>
            <button ref={toggleButton} type="button" className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={() => void toggleActive()}>
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
        </td>
      </tr>
      {editing && (
        <tr id={editorId}>
          <td colSpan={PROMO_COLUMNS.length} className={`${td} ${styles.editorCell}`}>
            <form className={styles.editorForm} onSubmit={(event) => void saveLimits(event)} noValidate>
              <PromoLimitFields
                id={`${base}-limits`}
                legend={PROMO_TEXTS.limitsLegendFor(promo.code)}
                values={limits}
                errors={limitErrors}
                onChange={changeLimit}
                inputRefs={limitInputs}
                readOnly={busy !== null}
              />
              <div className={styles.editorActions}>
                <button type="submit" className={button({ tone: 'primary' })} disabled={busy !== null}>
                  {spinner('limits')}
                  {PROMO_TEXTS.saveLimits}
                </button>
                <button type="button" className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={() => toggleEditor(false)}>
                  {PROMO_TEXTS.cancel}
                </button>
              </div>
            </form>
          </td>
        </tr>
      )}
    </>
  );
}

/** The limits' part of a refusal. */
function limitErrorsOf(errors: Partial<Record<string, string>>): LimitErrors {
  const found: LimitErrors = {};
  for (const field of ['startsAt', 'endsAt', 'maxUses', 'onePerCustomer'] as const) if (errors[field]) found[field] = errors[field];
  return found;
}
