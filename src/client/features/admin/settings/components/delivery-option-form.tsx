import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { button } from '@/client/components/button.css';
import { FieldNotes } from '@/client/components/field-notes';
import { toApiFailure } from '@/client/lib/http';
import { DELIVERY_FEE_PAID_WITH, type DeliveryFeePaidWith, type DeliveryOption, GHANA_REGIONS, type GhanaRegion } from '@/shared/delivery';
import type { ChangeAnswer } from '@/shared/types';
import { createDeliveryOptionMutation } from '../api/create-delivery-option';
import { deliveryOptionsQuery } from '../api/get-delivery-options';
import { updateDeliveryOptionMutation } from '../api/update-delivery-option';
import { NEW_OPTION, OPTION_FIELDS, type OptionChoices, optionErrorsOfFailure, optionFormOf, readOption } from '../lib/delivery-option-input';
import { useFormFields, useFormStatus } from '../lib/use-form-status';
import { DELIVERY_SETTINGS_TEXTS as TEXTS } from '../texts';
import * as css from './delivery-options.css';
import * as styles from './settings.css';
import { SettingsField } from './settings-field';
import { SettingsForm } from './settings-form';

/** The option's yes/no choices, each a checkbox. */
const SWITCHES = [
  ['pickup', TEXTS.pickupChoice],
  ['active', TEXTS.activeChoice],
] as const satisfies readonly [keyof OptionChoices, string][];

const PAID_WITH_CHOICES: Record<DeliveryFeePaidWith, string> = { order: TEXTS.paidWithOrderChoice, rider: TEXTS.paidToRiderChoice };

interface DeliveryOptionFormProps {
  /** The option to edit; null: a new one. */
  option: DeliveryOption | null;
  /** Cancelled, or saved (the list answered is the page's already). */
  onClose(saved: boolean): void;
}

/**
 * A delivery option's form, new or prefilled: its name, the regions it serves (none ticked: all),
 * its towns (comma-separated), fee, free-from amount, estimated time, who is paid the fee, pickup and
 * whether it is offered. Checked with the server's own rules before it is sent; a refusal marks its
 * fields with the server's words and focuses the first. A new option is POSTed; an edit PATCHes
 * every field. The name field takes the focus when the form opens.
 */
export function DeliveryOptionForm({ option, onClose }: DeliveryOptionFormProps) {
  const queryClient = useQueryClient();
  const create = useMutation(createDeliveryOptionMutation());
  const update = useMutation(updateDeliveryOptionMutation());
  const id = option ? `delivery-option-${option._id}` : 'delivery-option-new';
  const status = useFormStatus(id, OPTION_FIELDS);
  const [initial] = useState(() => (option ? optionFormOf(option) : NEW_OPTION));
  const { values, fieldProps } = useFormFields(status, initial.texts);
  const [choices, setChoices] = useState<OptionChoices>(initial.choices);
  const titleId = `${id}-title`;

  useEffect(() => {
    document.getElementById(`${id}-name`)?.focus();
  }, [id]);

  const choose = <K extends keyof OptionChoices>(key: K, value: OptionChoices[K]) => {
    setChoices((current) => ({ ...current, [key]: value }));
    if (key === 'regions' || key === 'feePaidWith') status.clearError(key);
  };

  const toggleRegion = (region: GhanaRegion, ticked: boolean) => choose('regions', withRegion(choices.regions, region, ticked));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.busy) return;
    const read = readOption(values, choices);
    if ('errors' in read) {
      status.showErrors(read.errors, TEXTS.check);
      return;
    }
    status.start();
    let answer: ChangeAnswer<DeliveryOption[]>;
    try {
      answer = option ? await update.mutateAsync({ id: option._id, changes: read.input }) : await create.mutateAsync(read.input);
    } catch (caught) {
      const failure = await toApiFailure(caught, TEXTS.saveFailed);
      const found = optionErrorsOfFailure(failure);
      // Refused fields show the server's words under them; anything else (409 too many, 404, offline) is the form's message.
      status.showErrors(found, Object.keys(found).length > 0 ? TEXTS.check : failure.message);
      // Deleted meanwhile (elsewhere): the list is read again.
      if (failure.status === 404) void queryClient.invalidateQueries({ queryKey: deliveryOptionsQuery().queryKey });
      return;
    }
    status.done();
    toast.success(answer.message);
    onClose(true);
  };

  const regions = status.marks('regions');
  const paidWith = status.marks('feePaidWith');
  const describedBy = (field: string, error: string | undefined, extra: string[] = []) =>
    [...(error ? [`${id}-${field}-error`] : []), `${id}-${field}-hint`, ...extra].join(' ');

  return (
    <div className={css.form}>
      <h3 id={titleId} className={css.formTitle}>
        {option ? TEXTS.editTitle(option.name) : TEXTS.addTitle}
      </h3>
      <SettingsForm
        status={status}
        onSubmit={onSubmit}
        labelledBy={titleId}
        submitLabel={option ? TEXTS.saveEdit : TEXTS.saveNew}
        busyLabel={TEXTS.saving}
        secondary={
          <button type="button" className={button({ tone: 'quiet' })} disabled={status.busy} onClick={() => onClose(false)}>
            {TEXTS.cancel}
          </button>
        }
      >
        <SettingsField label={TEXTS.nameLabel} autoComplete="off" required hint={TEXTS.nameHint} {...fieldProps('name')} />

        <RegionChoices
          id={id}
          chosen={choices.regions}
          marks={regions}
          describedBy={describedBy('regions', regions.error, regions.describedBy)}
          onToggle={toggleRegion}
        />

        <SettingsField label={TEXTS.townsLabel} autoComplete="off" hint={TEXTS.townsHint} {...fieldProps('cities')} />
        <div className={css.amounts}>
          <SettingsField label={TEXTS.feeLabel} autoComplete="off" inputMode="decimal" required hint={TEXTS.feeHint} {...fieldProps('fee')} />
          <SettingsField label={TEXTS.freeFromLabel} autoComplete="off" inputMode="decimal" hint={TEXTS.freeFromHint} {...fieldProps('freeFrom')} />
        </div>
        <SettingsField label={TEXTS.etaLabel} autoComplete="off" hint={TEXTS.etaHint} {...fieldProps('eta')} />

        <PaidWithChoices id={id} chosen={choices.feePaidWith} marks={paidWith} onChoose={(value) => choose('feePaidWith', value)} />

        <OptionSwitches choices={choices} onChoose={choose} />
      </SettingsForm>
    </div>
  );
}

/** What ties a choice group to the form's state (useFormStatus `marks`): its error, and its first input for the focus. */
type ChoiceMarks = { error: string | undefined; invalid: boolean; inputRef(element: HTMLElement | null): void };

interface RegionChoicesProps {
  id: string;
  chosen: readonly GhanaRegion[];
  marks: ChoiceMarks;
  describedBy: string;
  onToggle(region: GhanaRegion, ticked: boolean): void;
}

/** The regions an option serves, each a checkbox (none ticked: all), with what is ticked said under them. */
function RegionChoices({ id, chosen, marks: regions, describedBy, onToggle }: RegionChoicesProps) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy}>
      <legend className={styles.legend}>{TEXTS.regionsLegend}</legend>
      <p id={`${id}-regions-hint`} className={styles.legendHint}>
        {TEXTS.regionsHint}
      </p>
      <ul className={css.regions}>
        {GHANA_REGIONS.map((region, index) => (
          <li key={region}>
            <label className={styles.checkboxRow}>
              <input
                ref={index === 0 ? regions.inputRef : undefined}
                type="checkbox"
                name="regions"
                value={region}
                className={styles.checkbox}
                checked={chosen.includes(region)}
                aria-invalid={regions.invalid || undefined}
                onChange={(event) => onToggle(region, event.target.checked)}
              />
              {region}
            </label>
          </li>
        ))}
      </ul>
      <p className={css.regionsSummary}>{chosen.length === 0 ? TEXTS.allRegions : chosen.join(', ')}</p>
      <FieldNotes id={`${id}-regions`} error={regions.error} />
    </fieldset>
  );
}

interface PaidWithChoicesProps {
  id: string;
  chosen: DeliveryFeePaidWith;
  marks: ChoiceMarks;
  onChoose(value: DeliveryFeePaidWith): void;
}

/** Who is paid the fee: with the order, or the rider. */
function PaidWithChoices({ id, chosen, marks: paidWith, onChoose }: PaidWithChoicesProps) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={paidWith.error ? `${id}-feePaidWith-error` : undefined}>
      <legend className={styles.legend}>{TEXTS.paidWithLegend}</legend>
      <div className={css.choices}>
        {DELIVERY_FEE_PAID_WITH.map((value, index) => (
          <label key={value} className={styles.checkboxRow}>
            <input
              ref={index === 0 ? paidWith.inputRef : undefined}
              type="radio"
              name={`${id}-feePaidWith`}
              value={value}
              className={styles.checkbox}
              checked={chosen === value}
              onChange={() => onChoose(value)}
            />
            {PAID_WITH_CHOICES[value]}
          </label>
        ))}
      </div>
      <FieldNotes id={`${id}-feePaidWith`} error={paidWith.error} />
    </fieldset>
  );
}

/** The regions ticked, in Ghana's order whatever order they were ticked in. */
function withRegion(regions: readonly GhanaRegion[], region: GhanaRegion, ticked: boolean): GhanaRegion[] {
  const next = new Set(regions);
  if (ticked) next.add(region);
  else next.delete(region);
  return GHANA_REGIONS.filter((r) => next.has(r));
}

/** Pickup and whether the option is offered, each a checkbox. */
function OptionSwitches({ choices, onChoose }: { choices: OptionChoices; onChoose(key: (typeof SWITCHES)[number][0], value: boolean): void }) {
  return (
    <div className={css.choices}>
      {SWITCHES.map(([key, label]) => (
        <label key={key} className={styles.checkboxRow}>
          <input type="checkbox" name={key} className={styles.checkbox} checked={choices[key]} onChange={(event) => onChoose(key, event.target.checked)} />
          {label}
        </label>
      ))}
    </div>
  );
}
