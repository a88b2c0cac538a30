import type { ApiFailure } from '@/client/lib/http';
import type { DeliveryFeePaidWith, DeliveryOption, GhanaRegion } from '@/shared/delivery';
import { type DeliveryOptionCreateInput, deliveryOptionCreateSchema } from '@/shared/schemas/delivery';

/** The option form's fields that can be refused, in form order (the first refused one takes the focus). */
export const OPTION_FIELDS = ['name', 'regions', 'cities', 'fee', 'freeFrom', 'eta', 'feePaidWith'] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];
export type OptionErrors = Partial<Record<OptionField, string>>;

/** The form's text boxes, as typed. */
export interface OptionTexts {
  name: string;
  /** Comma-separated. */
  cities: string;
  fee: string;
  freeFrom: string;
  eta: string;
}

/** The form's ticks and choices. */
export interface OptionChoices {
  regions: GhanaRegion[];
  feePaidWith: DeliveryFeePaidWith;
  pickup: boolean;
  active: boolean;
}

/** A new option's form: nothing typed, every region, paid with the order, offered. */
export const NEW_OPTION: { texts: OptionTexts; choices: OptionChoices } = {
  texts: { name: '', cities: '', fee: '', freeFrom: '', eta: '' },
  choices: { regions: [], feePaidWith: 'order', pickup: false, active: true },
};

/** An amount in cedis as the form shows it: `25`, `12.5` → `12.50`. */
const amountText = (cedis: number) => (Number.isInteger(cedis) ? String(cedis) : cedis.toFixed(2));

/** The form filled with a saved option (Edit). */
export function optionFormOf(option: DeliveryOption): { texts: OptionTexts; choices: OptionChoices } {
  return {
    texts: {
      name: option.name,
      cities: option.cities.join(', '),
      fee: amountText(option.fee),
      freeFrom: option.freeFrom === null ? '' : amountText(option.freeFrom),
      eta: option.eta,
    },
    choices: { regions: [...option.regions], feePaidWith: option.feePaidWith, pickup: option.pickup, active: option.active },
  };
}

/** The towns typed, as a list: split at commas, each trimmed, the blank ones dropped. */
export const townsOf = (text: string): string[] =>
  text
    .split(',')
    .map((town) => town.trim())
    .filter((town) => town !== '');

/** One message per field (the first wins), from zod issues or the server's `errors` (`['cities', 2]` is the towns field's). */
export function optionErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): OptionErrors {
  const errors: OptionErrors = {};
  for (const { path, message } of issues) {
    const field = OPTION_FIELDS.find((f) => f === path[0]);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/**
 * The form checked with the server's own rules (shared schema): the whole option to send (POST,
 * or PATCH with every field for an edit), or one error per field. The regions keep the form's
 * order (Ghana's, alphabetical); an empty "free from" is none.
 */
export function readOption(texts: OptionTexts, choices: OptionChoices): { input: DeliveryOptionCreateInput } | { errors: OptionErrors } {
  const parsed = deliveryOptionCreateSchema.safeParse({
    name: texts.name,
    regions: choices.regions,
    cities: townsOf(texts.cities),
    fee: texts.fee.trim(),
    freeFrom: texts.freeFrom.trim() === '' ? null : texts.freeFrom.trim(),
    eta: texts.eta,
    feePaidWith: choices.feePaidWith,
    pickup: choices.pickup,
    active: choices.active,
  });
  return parsed.success ? { input: parsed.data } : { errors: optionErrorsOf(parsed.error.issues) };
}

/** A refusal's field errors (400 with `errors`); nothing for the others (409 too many, 404, network), which are the form's message only. */
export function optionErrorsOfFailure(failure: ApiFailure): OptionErrors {
  return failure.status === 400 && failure.errors ? optionErrorsOf(failure.errors) : {};
}
