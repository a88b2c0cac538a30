import { FormTextField } from '@/client/components/form-text-field';
import { card } from '@/client/components/primitives.css';
import { RegionSelect } from '@/client/components/region-select';
import type { CheckoutFormApi } from '../hooks/use-checkout-form';
import { CHECKOUT_DELIVERY_TEXTS, type DeliveryState } from '../lib/delivery';
import * as styles from './checkout-form.css';
import { GpsAddressField } from './gps-address-field';

/**
 * 'Billing details' with the delivery address. A shop without delivery options asks no region; the
 * GPS address and landmark show in every shop, and a pickup needs no street address.
 */
export function BillingFields({ form, delivery }: { form: CheckoutFormApi; delivery: DeliveryState }) {
  const addressExtras = delivery.status !== 'none';
  const addressLabel = delivery.addressRequired ? 'Address' : CHECKOUT_DELIVERY_TEXTS.addressForPickup;
  return (
    // A card around each fieldset: a fieldset's own border would cut through its legend.
    <div className={card}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Billing details</legend>
        <div className={styles.fields}>
          <div className={styles.wide}>
            <FormTextField label="Full name" autoComplete="name" {...form.fieldProps('fullName')} />
          </div>
          <FormTextField label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
          <FormTextField label="Phone" type="tel" autoComplete="tel" hint="e.g. 024 123 4567 or +233 24 123 4567" {...form.fieldProps('phone')} />
          {addressExtras && <RegionSelect id="checkout-region" required={delivery.regionRequired} {...form.regionProps} />}
          <FormTextField label="City" autoComplete="address-level2" {...form.fieldProps('city')} />
          <div className={styles.wide}>
            <FormTextField label={addressLabel} autoComplete="street-address" optional={!delivery.addressRequired} {...form.fieldProps('address')} />
          </div>
          <GpsAddressField control={form.control} onLeave={form.leaveGps} />
          <FormTextField
            label={CHECKOUT_DELIVERY_TEXTS.landmarkLabel}
            autoComplete="off"
            hint={CHECKOUT_DELIVERY_TEXTS.landmarkHint}
            optional
            {...form.fieldProps('landmark')}
          />
        </div>
      </fieldset>
    </div>
  );
}
