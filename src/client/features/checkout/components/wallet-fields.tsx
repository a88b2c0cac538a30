import { type Control, type FieldPath, useWatch } from 'react-hook-form';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { detectMomoNetwork, formatMomoNumber, MOMO_NETWORKS, type MomoNetwork, SANDBOX_MOMO_NUMBERS } from '@/shared/momo';
import * as styles from './wallet-fields.css';

/** The wallet's fields as a form holds them. */
export interface WalletValues {
  momoPhone: string;
  momoNetwork: MomoNetwork | '';
}

interface WalletFieldsProps<T extends WalletValues, C, S> {
  /** Prefix of the fields' ids (the form's and the retry's differ). */
  idPrefix: string;
  /** The form holding `momoPhone` and `momoNetwork`; it picks the network of a number typed. */
  control: Control<T, C, S>;
  /** The network select's binding. */
  network: { value: MomoNetwork | ''; onChange(network: MomoNetwork | ''): void; error?: string };
  networkRef?: (el: HTMLSelectElement | null) => void;
  /** A sandbox number tapped: the form takes it and its network. */
  onUse(number: string): void;
  /** Test payments: the sandbox's numbers, one tap to use each. */
  sandbox?: boolean;
}

/**
 * The Mobile Money wallet to charge: its number and its network. Typing a number picks the network
 * its prefix belongs to; the shopper can still change it (a number moved between networks keeps its
 * prefix). A number no network owns leaves the choice to the shopper.
 */
export function WalletFields<T extends WalletValues, C, S>({
  idPrefix,
  control,
  network: bound,
  networkRef,
  onUse,
  sandbox = false,
}: WalletFieldsProps<T, C, S>) {
  // Every form of the wallet names its fields so: the names are the form's own.
  const phoneName = 'momoPhone' as FieldPath<T>;
  const phone = useWatch({ control, name: phoneName });
  const detected = detectMomoNetwork(typeof phone === 'string' ? phone : '');
  const { value: network, error } = bound;
  const networkHintId = `${idPrefix}-network-hint`;
  const networkErrorId = `${idPrefix}-network-error`;

  return (
    <div>
      <div className={styles.fields}>
        <FormTextField
          control={control}
          name={phoneName}
          id={`${idPrefix}-phone`}
          label="Mobile Money number"
          type="tel"
          autoComplete="tel"
          hint="The wallet to charge. You approve the payment on this phone."
        />
        <div className={styles.field}>
          <label htmlFor={`${idPrefix}-network`} className={styles.label}>
            Network
          </label>
          <select
            ref={networkRef}
            id={`${idPrefix}-network`}
            name="momoNetwork"
            className={styles.select}
            value={network}
            onChange={(event) => bound.onChange(event.target.value as MomoNetwork | '')}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? networkErrorId : '', networkHintId].filter(Boolean).join(' ')}
          >
            <option value="">Choose the network</option>
            {MOMO_NETWORKS.map((n) => (
              <option key={n.code} value={n.code}>
                {n.label}
              </option>
            ))}
          </select>
          <p id={networkHintId} className={styles.hint}>
            {detected && detected === network ? 'Found from the number. Change it if the number moved network.' : 'Choose the network of this number.'}
          </p>
          {error && (
            <p id={networkErrorId} className={styles.error}>
              {error}
            </p>
          )}
        </div>
      </div>
      {sandbox && (
        <details className={styles.testNumbers}>
          <summary>Test numbers (test payments: no money moves)</summary>
          <ul className={styles.testList}>
            {SANDBOX_MOMO_NUMBERS.map((n) => (
              <li key={n.number} className={styles.testItem}>
                <span className={styles.testNumber}>{formatMomoNumber(n.number)}</span>
                <span>{n.label}</span>
                <button
                  type="button"
                  className={button({ tone: 'quiet', size: 'sm' })}
                  onClick={() => onUse(n.number)}
                  aria-label={`Use ${formatMomoNumber(n.number)}`}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
