import { useController } from 'react-hook-form';
import { FormTextField } from '@/client/components/form-text-field';
import { RegionSelect } from '@/client/components/region-select';
import { normalizeGpsAddress } from '@/shared/delivery';
import type { EnteredTotals } from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import type { EnteredControl } from './entered-buyer-fields';
import { EnteredDeliveryChoices } from './entered-delivery-choices';

interface EnteredAddressFieldsProps {
  control: EnteredControl;
  totals: EnteredTotals;
  /** The shop's settings (its delivery options) are still on their way. */
  deliveryLoading: boolean;
}

/** Where the order goes: region, city, address (not for a pickup), GhanaPost GPS, landmark, and the delivery option. */
export function EnteredAddressFields({ control, totals, deliveryLoading }: EnteredAddressFieldsProps) {
  const { field: region, fieldState: regionState } = useController({ control, name: 'region' });
  const pickup = Boolean(totals.chosen?.pickup);
  return (
    <div className={styles.section}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{T.addressLegend}</legend>
        <div className={styles.fields}>
          <RegionSelect
            id="entered-region"
            value={region.value}
            onChange={region.onChange}
            error={regionState.error?.message}
            required={totals.delivery !== 'none' && totals.delivery !== 'unknown'}
            selectRef={region.ref}
            placeholder={T.regionPlaceholder}
          />
          <FormTextField control={control} name="city" id="entered-city" label="City" autoComplete="off" />
          <div className={styles.wide}>
            <FormTextField
              control={control}
              name="address"
              id="entered-address"
              label={pickup ? T.addressForPickup : 'Address'}
              autoComplete="off"
              optional={pickup}
            />
          </div>
          {/* Left, the GPS address is written as GhanaPost does (`GA-183-8164`). */}
          <FormTextField
            control={control}
            name="gpsAddress"
            id="entered-gpsAddress"
            label={T.gpsLabel}
            hint={T.gpsHint}
            autoComplete="off"
            normalize={normalizeGpsAddress}
            optional
          />
          <FormTextField control={control} name="landmark" id="entered-landmark" label={T.landmarkLabel} autoComplete="off" optional />
        </div>
        <EnteredDeliveryChoices control={control} totals={totals} loading={deliveryLoading} />
      </fieldset>
    </div>
  );
}
