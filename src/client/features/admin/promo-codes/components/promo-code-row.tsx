import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { td } from '@/client/components/data-table.css';
import { StatusBadge } from '@/client/components/status-badge';
import { formatDate } from '@/client/lib/format-date';
import { type ApiFailure, toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { PromoCode } from '@/shared/admin-types';
import type { ChangeAnswer } from '@/shared/types';
import { deletePromoCodeMutation } from '../api/delete-promo-code';
import { updatePromoCodeMutation } from '../api/update-promo-code';
import { datesText, type LimitChanges, STATE_BADGES, usesText } from '../lib/promo-limits';
import { PROMO_TEXTS } from '../texts';
import { PromoActions, type RowAction } from './promo-actions';
import * as styles from './promo-codes.css';
import { PromoLimitsEditor } from './promo-limits-editor';
import { PromoPercentForm } from './promo-percent-form';

/** The table's columns (promo-codes-page.tsx): the limits editor spans them all. */
export const PROMO_COLUMNS = ['Code', 'Discount (%)', 'Status', 'Uses', 'Valid', 'Created', 'Actions'] as const;

interface PromoCodeRowProps {
  promo: PromoCode;
  /** This code was deleted (the row goes away: the page takes the focus). */
  onDeleted(): void;
}

/** Which of the row's calls an update is: its changes say. */
const actionOf = (changes: object | undefined): RowAction =>
  changes && 'percent' in changes ? 'percent' : changes && 'active' in changes ? 'active' : 'limits';

/**
 * One code: its percent edited in place (Save), its standing (Active, Inactive, Scheduled, Expired,
 * Used up), uses so far and dates; its limits edited under the row (Limits), switched off and on
 * (Deactivate / Activate), or deleted after a confirmation. The row's buttons wait while one of its calls is out. Each change
 * answers the whole list, which the page then shows (api/*-promo-code.ts).
 */
export function PromoCodeRow({ promo, onDeleted }: PromoCodeRowProps) {
  const update = useMutation(updatePromoCodeMutation());
  const removal = useMutation(deletePromoCodeMutation());
  const busy: RowAction | null = removal.isPending ? 'delete' : update.isPending ? actionOf(update.variables?.changes) : null;
  const [editing, setEditing] = useState(false);
  const percentInput = useRef<HTMLInputElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const limitsButton = useRef<HTMLButtonElement>(null);
  const editorId = useId();

  // A button disabled while its call was out drops the focus: once enabled again, it gets it back.
  const finished = useRef<RowAction | null>(null);
  useEffect(() => {
    const action = finished.current;
    if (busy !== null || action === null) return;
    finished.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && action !== 'delete') (action === 'percent' ? percentInput : action === 'limits' ? limitsButton : toggleButton).current?.focus();
  }, [busy]);

  /** Runs one call of this row; the server's message is toasted when it is done. Answers the failure, if any. */
  const run = async (action: RowAction, call: () => Promise<ChangeAnswer<PromoCode[]>>, fallback: string): Promise<ApiFailure | null> => {
    try {
      toast.success((await call()).message);
      return null;
    } catch (caught) {
      return await toApiFailure(caught, fallback);
    } finally {
      finished.current = action;
    }
  };
  const change = (changes: { percent: number } | { active: boolean } | LimitChanges) =>
    run(actionOf(changes), () => update.mutateAsync({ code: promo.code, changes }), PROMO_TEXTS.saveFailed);

  /** Opens the editor, or closes it (the focus back on Limits). */
  const toggleEditor = (open: boolean) => {
    setEditing(open);
    if (!open) limitsButton.current?.focus();
  };

  const badge = STATE_BADGES[promo.state];
  return (
    <>
      <tr>
        <th scope="row" className={`${td} ${styles.code}`}>
          {promo.code}
        </th>
        <td className={td}>
          <PromoPercentForm promo={promo} busy={busy} inputRef={percentInput} onSave={(percent) => change({ percent })} />
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
          <PromoActions
            promo={promo}
            busy={busy}
            editing={editing}
            editorId={editorId}
            limitsButton={limitsButton}
            toggleButton={toggleButton}
            onEditor={toggleEditor}
            onToggle={() => void change({ active: !promo.active }).then((failure) => failure && toast.error(failure.message))}
            onDelete={async () => {
              const failure = await run('delete', () => removal.mutateAsync(promo.code), PROMO_TEXTS.deleteFailed);
              if (failure) toast.error(failure.message);
              else onDeleted();
              return failure === null;
            }}
          />
        </td>
      </tr>
      {editing && (
        <tr id={editorId}>
          <td colSpan={PROMO_COLUMNS.length} className={`${td} ${styles.editorCell}`}>
            <PromoLimitsEditor promo={promo} busy={busy} onSave={change} onClose={() => toggleEditor(false)} />
          </td>
        </tr>
      )}
    </>
  );
}
