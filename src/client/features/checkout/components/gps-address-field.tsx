import { TextField } from '@/client/components/text-field';
import { GPS_ADDRESS, gpsMapLink } from '@/shared/delivery';
import { CHECKOUT_DELIVERY_TEXTS } from '../lib/delivery';
import * as styles from './delivery.css';

interface GpsAddressFieldProps {
  id: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** Leaving the field: the address is put in its written form, or said not to be one. */
  onLeave(): void;
  error?: string;
  inputRef?: (el: HTMLInputElement | null) => void;
}

/**
 * The GhanaPost GPS address (optional): typed any way (`ga1838164`), written `GA-183-8164` once the
 * shopper leaves the field; a valid one gets 'Find on map' (a map search in a new tab, so the shopper
 * can check it is their place; nothing is looked up from here).
 */
export function GpsAddressField({ id, name, value, onChange, onLeave, error, inputRef }: GpsAddressFieldProps) {
  const valid = GPS_ADDRESS.test(value);
  // The input's own blur (TextField has no prop for it): listened to while the input is on the page.
  const leaveRef = (el: HTMLInputElement | null) => {
    inputRef?.(el);
    if (!el) return;
    el.addEventListener('blur', onLeave);
    return () => {
      el.removeEventListener('blur', onLeave);
      inputRef?.(null);
    };
  };
  return (
    <div className={styles.field}>
      <TextField
        id={id}
        name={name}
        label={CHECKOUT_DELIVERY_TEXTS.gpsLabel}
        autoComplete="off"
        hint={CHECKOUT_DELIVERY_TEXTS.gpsHint}
        value={value}
        onChange={onChange}
        error={error}
        inputRef={leaveRef}
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
