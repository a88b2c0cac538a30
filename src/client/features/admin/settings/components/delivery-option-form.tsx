import { mutationOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type UseFormRegister, useController } from 'react-hook-form';
import { button } from '@/client/components/button';
import { FieldNotes } from '@/client/components/field-notes';
import { radioOf } from '@/client/components/form-radio';
import { toApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import { DELIVERY_FEE_PAID_WITH, type DeliveryFeePaidWith, type DeliveryOption, GHANA_REGIONS, type GhanaRegion } from '@/shared/delivery';
import type { DeliveryOptionCreateInput } from '@/shared/schemas/delivery';
import type { ChangeAnswer } from '@/shared/types';
import { createDeliveryOption } from '../api/create-delivery-option';
import { deliveryOptionsQuery } from '../api/get-delivery-options';
import { updateDeliveryOption } from '../api/update-delivery-option';
import { NEW_OPTION, OPTION_FIELDS, type OptionChoices, type OptionTexts, optionErrorsOfFailure, optionFormOf, readOption } from '../lib/delivery-option-input';
import { deliveryOptionsChanged } from '../lib/delivery-options';
import { useSettingsForm } from '../lib/use-settings-form';
import { DELIVERY_SETTINGS_TEXTS as TEXTS } from '../texts';
import * as css from './delivery-options.css';
import { FormSettingsField } from './form-settings-field';
import * as styles from './settings.css';
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

/** The form's values: its text boxes as typed, and its ticks and choices. */
type OptionFormValues = OptionTexts & OptionChoices;

/** The form checked with the server's own rules: the whole option to send, or one error per field. */
function readOptionForm({ name, cities, fee, freeFrom, eta, ...choices }: OptionFormValues) {
  const read = readOption({ name, cities, fee, freeFrom, eta }, choices);
  return 'errors' in read ? { ok: false as const, errors: read.errors } : { ok: true as const, value: read.input };
}

/** Saving the form: a new option POSTed, an edit PATCHed with every field; the list answered becomes the page's and the checkout's. */
const saveOptionMutation = (option: DeliveryOption | null) =>
  mutationOptions({
    mutationFn: (input: DeliveryOptionCreateInput) => (option ? updateDeliveryOption(option._id, input) : createDeliveryOption(input)),
    onSuccess: (answer, _input, _result, { client }) => deliveryOptionsChanged(client, answer.data),
  });

/**
 * A delivery option's form, new or prefilled: its name, the regions it serves (none ticked: all),
 * its towns (comma-separated), fee, free-from amount, estimated time, who is paid the fee, pickup and
 * whether it is offered. Checked with the server's own rules before it is sent; a refusal marks its
 * fields with the server's words and focuses the first. A new option is POSTed; an edit PATCHes
 * every field. The name field takes the focus when the form opens.
 */
export function DeliveryOptionForm({ option, onClose }: DeliveryOptionFormProps) {
  const queryClient = useQueryClient();
  const id = option ? `delivery-option-${option._id}` : 'delivery-option-new';
  const [initial] = useState(() => (option ? optionFormOf(option) : NEW_OPTION));
  const { form, status, onSubmit, bind, clearError } = useSettingsForm<OptionFormValues, DeliveryOptionCreateInput, ChangeAnswer<DeliveryOption[]>>({
    id,
    fields: OPTION_FIELDS,
    defaultValues: { ...initial.texts, ...initial.choices },
    read: readOptionForm,
    refused: () => TEXTS.check,
    mutation: saveOptionMutation(option),
    failed: async (caught) => {
      const failure = await toApiFailure(caught, TEXTS.saveFailed);
      const found = optionErrorsOfFailure(failure);
      // Deleted meanwhile (elsewhere): the list is read again.
      if (failure.status === 404) void queryClient.invalidateQueries({ queryKey: deliveryOptionsQuery().queryKey });
      // Refused fields show the server's words under them; anything else (409 too many, 404, offline) is the form's message.
      return { message: Object.keys(found).length > 0 ? TEXTS.check : failure.message, errors: found };
    },
    saved: (answer) => {
      toast.success(answer.message);
      onClose(true);
    },
  });
  const titleId = `${id}-title`;
  const regions = useController({ control: form.control, name: 'regions' });
  const paidWith = useController({ control: form.control, name: 'feePaidWith' });

  useEffect(() => {
    document.getElementById(`${id}-name`)?.focus();
  }, [id]);

  const choose = <K extends 'regions' | 'feePaidWith'>(field: { onChange(value: OptionChoices[K]): void }, key: K, value: OptionChoices[K]) => {
    field.onChange(value);
    clearError(key);
  };
  const marksOf = ({ field, fieldState }: { field: { ref(element: HTMLElement | null): void }; fieldState: { error?: { message?: string } } }) => {
    const error = fieldState.error?.message;
    return {
      error: error && error !== status.message ? error : undefined,
      invalid: Boolean(error),
      inputRef: field.ref,
      describedBy: status.message && error ? [status.summaryId] : [],
    };
  };
  const regionMarks = marksOf(regions);
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
        <FormSettingsField label={TEXTS.nameLabel} autoComplete="off" required hint={TEXTS.nameHint} {...bind('name')} />

        <RegionChoices
          id={id}
          chosen={regions.field.value}
          marks={regionMarks}
          describedBy={describedBy('regions', regionMarks.error, regionMarks.describedBy)}
          onToggle={(region, ticked) => choose(regions.field, 'regions', withRegion(regions.field.value, region, ticked))}
        />

        <FormSettingsField label={TEXTS.townsLabel} autoComplete="off" hint={TEXTS.townsHint} {...bind('cities')} />
        <div className={css.amounts}>
          <FormSettingsField label={TEXTS.feeLabel} autoComplete="off" inputMode="decimal" required hint={TEXTS.feeHint} {...bind('fee')} />
          <FormSettingsField label={TEXTS.freeFromLabel} autoComplete="off" inputMode="decimal" hint={TEXTS.freeFromHint} {...bind('freeFrom')} />
        </div>
        <FormSettingsField label={TEXTS.etaLabel} autoComplete="off" hint={TEXTS.etaHint} {...bind('eta')} />

        <PaidWithChoices id={id} field={paidWith.field} error={marksOf(paidWith).error} />

        <OptionSwitches register={form.register} />
      </SettingsForm>
    </div>
  );
}

/** What ties a choice group to the form's state: its error, and its first input for the focus. */
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
  /** The form's field for who is paid the fee. */
  field: { value: DeliveryFeePaidWith; onChange(value: DeliveryFeePaidWith): void; ref(element: HTMLElement | null): void };
  error: string | undefined;
}

/** Who is paid the fee: with the order, or the rider. */
function PaidWithChoices({ id, field, error }: PaidWithChoicesProps) {
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-feePaidWith-error` : undefined}>
      <legend className={styles.legend}>{TEXTS.paidWithLegend}</legend>
      <div className={css.choices}>
        {DELIVERY_FEE_PAID_WITH.map((value, index) => (
          <label key={value} className={styles.checkboxRow}>
            <input {...radioOf(field, value, index)} name={`${id}-feePaidWith`} className={styles.checkbox} />
            {PAID_WITH_CHOICES[value]}
          </label>
        ))}
      </div>
      <FieldNotes id={`${id}-feePaidWith`} error={error} />
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
function OptionSwitches({ register }: { register: UseFormRegister<OptionFormValues> }) {
  return (
    <div className={css.choices}>
      {SWITCHES.map(([key, label]) => (
        <label key={key} className={styles.checkboxRow}>
          <input type="checkbox" className={styles.checkbox} {...register(key)} />
          {label}
        </label>
      ))}
    </div>
  );
}
