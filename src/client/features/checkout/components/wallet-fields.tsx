import { button } from '@/client/components/button.css';
import { TextField } from '@/client/components/text-field';
import { detectMomoNetwork, formatMomoNumber, MOMO_NETWORKS, type MomoNetwork, SANDBOX_MOMO_NUMBERS } from '@/shared/momo';
import * as styles from './wallet-fields.css';

interface WalletFieldsProps {
  /** Prefix of the fields' ids (the form's and the retry's differ). */
  idPrefix: string;
  phone: string;
  network: MomoNetwork | '';
  onPhone(phone: string): void;
  onNetwork(network: MomoNetwork | ''): void;
  errors?: { phone?: string; network?: string };
  phoneRef?: (el: HTMLInputElement | null) => void;
  networkRef?: (el: HTMLSelectElement | null) => void;
  /** Test payments: the sandbox's numbers, one tap to use each. */
  sandbox?: boolean;
}

/**
 * The Mobile Money wallet to charge: its number and its network. Typing a number picks the network
 * its prefix belongs to; the shopper can still change it (a number moved between networks keeps its
 * prefix). A number no network owns leaves the choice to the shopper.
 */
export function WalletFields({ idPrefix, phone, network, onPhone, onNetwork, errors = {}, phoneRef, networkRef, sandbox = false }: WalletFieldsProps) {
  const detected = detectMomoNetwork(phone);
  const networkHintId = `${idPrefix}-network-hint`;
  const networkErrorId = `${idPrefix}-network-error`;

  const setPhone = (value: string) => {
    onPhone(value);
    const found = detectMomoNetwork(value);
    if (found) onNetwork(found);
  };

  return (
    <div>
      <div className={styles.fields}>
        <TextField
          id={`${idPrefix}-phone`}
          name="momoPhone"
          label="Mobile Money number"
          type="tel"
          autoComplete="tel"
          hint="The wallet to charge. You approve the payment on this phone."
          value={phone}
          onChange={setPhone}
          error={errors.phone}
          inputRef={phoneRef}
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
            onChange={(event) => onNetwork(event.target.value as MomoNetwork | '')}
            aria-invalid={errors.network ? true : undefined}
            aria-describedby={[errors.network ? networkErrorId : '', networkHintId].filter(Boolean).join(' ')}
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
          {errors.network && (
            <p id={networkErrorId} className={styles.error}>
              {errors.network}
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
                  onClick={() => setPhone(n.number)}
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
