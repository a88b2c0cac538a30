import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, type RefObject, useRef, useState } from 'react';
import { listStateOf } from '@/client/components/admin-list';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { LoadFailure } from '@/client/components/load-failure';
import { LoadingShape } from '@/client/components/loading-shape';
import { ModalDialog } from '@/client/components/modal-dialog';
import { Skeleton } from '@/client/components/skeleton';
import { StatusBadge } from '@/client/components/status-badge';
import { DELIVERY_TEXTS, type DeliveryOption } from '@/shared/delivery';
import { formatCedis } from '@/shared/money';
import { deleteDeliveryOptionMutation } from '../api/delete-delivery-option';
import { deliveryOptionsQuery } from '../api/get-delivery-options';
import { reorderDeliveryOptionsMutation } from '../api/reorder-delivery-options';
import { type Control, type ControlKey, type ListCall, useActiveSwitch, useListCalls, useListFocus } from '../hooks/use-delivery-options-list';
import { DELIVERY_SETTINGS_TEXTS as TEXTS } from '../texts';
import { DeliveryOptionForm } from './delivery-option-form';
import * as css from './delivery-options.css';
import * as styles from './settings.css';

/** The form open: a new option, or one being edited (shown in its place in the list). */
type Editing = { kind: 'add' } | { kind: 'edit'; id: string } | null;

/**
 * The settings page's "Delivery options": the admin's options in the order the checkout lists them,
 * each with what it covers and costs, switched on and off in place, moved up and down, edited in
 * place and deleted after a confirmation; and a form to add one. Every change answers the whole
 * list, which then is the one shown (and the checkout's, lib/delivery-options.ts).
 */
export function DeliveryOptionsSection({ className }: { className: string }) {
  const query = useQuery(deliveryOptionsQuery());
  const { answer, failure } = listStateOf(query);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className={`${className} ${css.section}`} aria-labelledby="delivery-options-title" aria-describedby="delivery-options-intro">
      <h2 id="delivery-options-title" ref={titleRef} tabIndex={-1} className={css.title}>
        {TEXTS.title}
      </h2>
      <p id="delivery-options-intro" className={styles.legendHint}>
        {TEXTS.intro}
      </p>
      {answer !== undefined ? (
        <DeliveryOptionsList options={answer} titleRef={titleRef} />
      ) : failure ? (
        <LoadFailure message={TEXTS.loadFailed} failure={failure} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingShape label={TEXTS.loading} className={css.list}>
          <Skeleton height="7rem" />
          <Skeleton height="7rem" />
          <Skeleton height="44px" width="12rem" />
        </LoadingShape>
      )}
    </section>
  );
}

function DeliveryOptionsList({ options, titleRef }: { options: DeliveryOption[]; titleRef: RefObject<HTMLHeadingElement | null> }) {
  const calls = useListCalls();
  const { busy, isBusy, run } = calls;
  const { shownActive, switchActive } = useActiveSwitch(options, calls);
  const reorder = useMutation(reorderDeliveryOptionsMutation());
  const removal = useMutation(deleteDeliveryOptionMutation());
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<DeliveryOption | null>(null);

  const { refFor, focusLater } = useListFocus(options, titleRef);

  const move = async (option: DeliveryOption, by: -1 | 1) => {
    const from = options.findIndex((o) => o._id === option._id);
    const to = from + by;
    if (isBusy() || from < 0 || to < 0 || to >= options.length) return;
    const ids = options.map((o) => o._id);
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    const control = by < 0 ? 'up' : 'down';
    const other = by < 0 ? 'down' : 'up';
    // At the top (or bottom) now, its button is off: the other one takes the focus.
    focusLater([`${option._id}:${control}`, `${option._id}:${other}`], options);
    const moved = await run({ id: option._id, action: control }, () => reorder.mutateAsync(ids), TEXTS.moveFailed);
    if (!moved) focusLater([`${option._id}:${control}`]);
  };

  const remove = async (option: DeliveryOption) => {
    if (isBusy()) return;
    const deleted = await run({ id: option._id, action: 'delete' }, () => removal.mutateAsync(option._id), TEXTS.deleteFailed);
    setConfirming(null);
    if (deleted) {
      // Its card and buttons are gone: the section's title takes the focus, once the dialog is closed and the list shown.
      if (editing?.kind === 'edit' && editing.id === option._id) setEditing(null);
      focusLater(['title'], options);
    } else {
      focusLater([`${option._id}:delete`, 'title']);
    }
  };

  const closeForm = (focus: ControlKey) => {
    setEditing(null);
    focusLater([focus, 'title']);
  };

  const waiting = (id: string, action: ListCall['action']) => busy?.id === id && busy.action === action;

  return (
    <>
      {options.length === 0 ? (
        <p className={css.empty}>{TEXTS.empty}</p>
      ) : (
        <ol className={css.list} aria-label={TEXTS.listLabel}>
          {options.map((option, index) =>
            editing?.kind === 'edit' && editing.id === option._id ? (
              <li key={option._id}>
                <DeliveryOptionForm option={option} onClose={() => closeForm(`${option._id}:edit`)} />
              </li>
            ) : (
              <DeliveryOptionItem
                key={option._id}
                option={option}
                active={shownActive(option)}
                first={index === 0}
                last={index === options.length - 1}
                busy={busy !== null}
                waiting={(action) => waiting(option._id, action)}
                refFor={(control) => refFor(`${option._id}:${control}`)}
                onMove={(by) => void move(option, by)}
                onSwitch={(active) => void switchActive(option, active)}
                onEdit={() => setEditing({ kind: 'edit', id: option._id })}
                onDelete={() => setConfirming(option)}
              />
            ),
          )}
        </ol>
      )}
      {editing?.kind === 'add' ? (
        <DeliveryOptionForm option={null} onClose={() => closeForm('add')} />
      ) : (
        <div className={styles.actions}>
          <button ref={refFor('add')} type="button" className={button({ tone: 'primary' })} onClick={() => setEditing({ kind: 'add' })}>
            {TEXTS.add}
          </button>
        </div>
      )}
      {confirming && (
        <DeleteOptionDialog
          option={confirming}
          busy={busy}
          onDelete={() => void remove(confirming)}
          onCancel={() => {
            if (isBusy()) return;
            setConfirming(null);
            focusLater([`${confirming._id}:delete`]);
          }}
        />
      )}
    </>
  );
}

/** Asks before an option is deleted: Delete (waiting while the call is out) or Cancel. */
function DeleteOptionDialog({ option, busy, onDelete, onCancel }: { option: DeliveryOption; busy: ListCall | null; onDelete(): void; onCancel(): void }) {
  return (
    <ModalDialog title={TEXTS.deleteTitle(option.name)} intro={TEXTS.deleteIntro} initialFocus="[data-initial-focus]" onClose={onCancel}>
      <div className={styles.actions}>
        <button type="button" className={button({ tone: 'danger' })} disabled={busy !== null} onClick={onDelete}>
          {busy?.action === 'delete' && <Busy />}
          {TEXTS.deleteConfirm}
        </button>
        <button type="button" data-initial-focus className={button({ tone: 'quiet' })} disabled={busy !== null} onClick={onCancel}>
          {TEXTS.cancel}
        </button>
      </div>
    </ModalDialog>
  );
}

interface DeliveryOptionItemProps {
  option: DeliveryOption;
  /** Whether its switch shows on (its new state while that is saved). */
  active: boolean;
  first: boolean;
  last: boolean;
  /** A call of the list is out: the buttons wait (still focusable). */
  busy: boolean;
  waiting(action: ListCall['action']): boolean;
  refFor(control: Control): (element: HTMLElement | null) => void;
  onMove(by: -1 | 1): void;
  onSwitch(active: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

/** One option: its name (with Pickup and Off marks), what it covers and costs, its switch and buttons, each named with its name. */
function DeliveryOptionItem({ option, active, first, last, busy, waiting, refFor, onMove, onSwitch, onEdit, onDelete }: DeliveryOptionItemProps) {
  const titleId = `delivery-option-${option._id}-title`;
  const fee = option.fee === 0 ? DELIVERY_TEXTS.free : formatCedis(option.fee);
  const facts: [string, string][] = [
    ['Regions', option.regions.length === 0 ? TEXTS.allRegions : option.regions.join(', ')],
    ['Towns', option.cities.length === 0 ? TEXTS.allTowns : option.cities.join(', ')],
    ['Fee', option.freeFrom === null || option.fee === 0 ? fee : `${fee}, ${TEXTS.freeFrom(formatCedis(option.freeFrom))}`],
    ['Paid', option.feePaidWith === 'order' ? TEXTS.paidWithOrder : TEXTS.paidToRider],
    ['Estimated time', option.eta || TEXTS.notSaid],
  ];
  // While another call is out, a button stays focusable but does nothing (aria-disabled).
  const wait = { 'aria-disabled': busy || undefined };
  const quiet = `${button({ tone: 'quiet' })} ${css.waiting}`;
  const ifFree = (act: () => void) => () => {
    if (!busy) act();
  };
  return (
    <li className={option.active ? css.item : `${css.item} ${css.itemOff}`}>
      <div className={css.itemHeader}>
        <h3 id={titleId} className={css.itemTitle}>
          {option.name}
        </h3>
        {option.pickup && <StatusBadge text={TEXTS.pickup} tone="neutral" />}
        {!option.active && <StatusBadge text={TEXTS.off} tone="warning" />}
      </div>
      <dl className={css.facts}>
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt className={css.factLabel}>{label}</dt>
            <dd className={css.factValue}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className={css.controls}>
        <label className={css.switchRow}>
          <input
            ref={refFor('active')}
            type="checkbox"
            role="switch"
            className={css.switchInput}
            checked={active}
            aria-checked={active}
            aria-disabled={busy || undefined}
            aria-busy={waiting('active') || undefined}
            onChange={(event) => {
              if (!busy) onSwitch(event.target.checked);
            }}
          />
          {TEXTS.offeredLabel} <span className="visually-hidden">({option.name})</span>
          {waiting('active') && <Busy />}
        </label>
        <div className={css.buttons}>
          <button
            ref={refFor('up')}
            type="button"
            {...wait}
            className={quiet}
            disabled={first}
            aria-label={TEXTS.moveUp(option.name)}
            onClick={ifFree(() => onMove(-1))}
          >
            {waiting('up') ? <Busy /> : <span aria-hidden="true">↑</span>}
            Up
          </button>
          <button
            ref={refFor('down')}
            type="button"
            {...wait}
            className={quiet}
            disabled={last}
            aria-label={TEXTS.moveDown(option.name)}
            onClick={ifFree(() => onMove(1))}
          >
            {waiting('down') ? <Busy /> : <span aria-hidden="true">↓</span>}
            Down
          </button>
          <button ref={refFor('edit')} type="button" {...wait} className={quiet} aria-label={TEXTS.edit(option.name)} onClick={ifFree(onEdit)}>
            Edit
          </button>
          <button
            ref={refFor('delete')}
            type="button"
            {...wait}
            className={`${button({ tone: 'danger' })} ${css.waiting}`}
            aria-label={TEXTS.delete(option.name)}
            onClick={ifFree(onDelete)}
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
