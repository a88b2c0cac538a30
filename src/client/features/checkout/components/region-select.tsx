import { GHANA_REGIONS, type GhanaRegion } from '@/shared/delivery';
import { CHECKOUT_DELIVERY_TEXTS } from '../lib/delivery';
import * as styles from './delivery.css';

interface RegionSelectProps {
  value: GhanaRegion | '';
  onChange(value: GhanaRegion | ''): void;
  error?: string;
  /** Only where the shop has delivery options (they are chosen by region). */
  required: boolean;
  selectRef?: (el: HTMLSelectElement | null) => void;
}

/** Ghana's 16 regions, 'Choose your region' first; its error tied to it. */
export function RegionSelect({ value, onChange, error, required, selectRef }: RegionSelectProps) {
  const id = 'checkout-region';
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {required ? CHECKOUT_DELIVERY_TEXTS.regionLabel : `${CHECKOUT_DELIVERY_TEXTS.regionLabel} (optional)`}
      </label>
      <select
        ref={selectRef}
        id={id}
        name="region"
        autoComplete="address-level1"
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as GhanaRegion | '')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{CHECKOUT_DELIVERY_TEXTS.regionPlaceholder}</option>
        {GHANA_REGIONS.map((region) => (
          <option key={region} value={region}>
            {region}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
