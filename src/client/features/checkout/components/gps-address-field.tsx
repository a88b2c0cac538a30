import { type Control, useFormState, useWatch } from 'react-hook-form';
import { FormTextField } from '@/client/components/form-text-field';
import type { CheckoutForm } from '@/client/stores/checkout';
import { GPS_ADDRESS, gpsMapLink, normalizeGpsAddress } from '@/shared/delivery';
import type { CheckoutContext, PlacedValues } from '../lib/checkout-read';
import { CHECKOUT_DELIVERY_TEXTS } from '../lib/delivery';
import * as styles from './delivery.css';

interface GpsAddressFieldProps {
  control: Control<CheckoutForm, CheckoutContext, PlacedValues>;
  /** Leaving the field (once the address is in its written form): said not to be one, if it is not. */
  onLeave(): void;
}

/** Typed any way (`ga1838164`), the address in its written form (`GA-183-8164`); blank stays blank. */
const written = (typed: string) => (typed.trim() === '' ? typed : normalizeGpsAddress(typed));

/**
 * The GhanaPost GPS address (optional): typed any way (`ga1838164`), written `GA-183-8164` once the
 * shopper leaves the field; a valid one gets 'Find on map' (a map search in a new tab, so the shopper
 * can check it is their place; nothing is looked up from here).
 */
export function GpsAddressField({ control, onLeave }: GpsAddressFieldProps) {
  const value = useWatch({ control, name: 'gpsAddress' });
  const error = useFormState({ control, name: 'gpsAddress' }).errors.gpsAddress;
  const valid = GPS_ADDRESS.test(value);
  // The input's blur writes the address first; its focusout, bubbling here, comes after it.
  const leaveRef = (el: HTMLDivElement | null) => {
    if (!el) return;
    el.addEventListener('focusout', onLeave);
    return () => el.removeEventListener('focusout', onLeave);
  };
  return (
    <div className={styles.field} ref={leaveRef}>
      <FormTextField
        control={control}
        name="gpsAddress"
        id="checkout-gpsAddress"
        label={CHECKOUT_DELIVERY_TEXTS.gpsLabel}
        autoComplete="off"
        hint={CHECKOUT_DELIVERY_TEXTS.gpsHint}
        normalize={written}
        optional
      />
      {valid && !error && (
        <a className={styles.mapLink} href={gpsMapLink(value)} target="_blank" rel="noopener">
          {CHECKOUT_DELIVERY_TEXTS.findOnMap} <span className={styles.srOnly}>(opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
