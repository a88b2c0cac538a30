import { GHANA_REGIONS, type GhanaRegion } from '@/shared/delivery';
import * as styles from './region-select.css';

interface RegionSelectProps {
  /** The select's id; its error is `${id}-error`. */
  id: string;
  value: GhanaRegion | '';
  onChange(value: GhanaRegion | ''): void;
  error?: string;
  /** Only where the shop has delivery options (they are chosen by region); else '(optional)'. */
  required: boolean;
  selectRef?: (el: HTMLSelectElement | null) => void;
  /** The empty choice's words: the shopper's own region by default; the admin's form names the customer's. */
  placeholder?: string;
}

/** Ghana's 16 regions, 'Choose your region' (or `placeholder`) first, its error tied to it: the checkout's and the admin's order forms. */
export function RegionSelect({ id, value, onChange, error, required, selectRef, placeholder = 'Choose your region' }: RegionSelectProps) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {required ? 'Region' : 'Region (optional)'}
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
        <option value="">{placeholder}</option>
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
