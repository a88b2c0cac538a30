import type { QueryClient } from '@tanstack/react-query';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import type { DeliveryOption, ShopSettings } from '@/shared/types';
import { deliveryOptionsQuery } from '../api/get-delivery-options';
import { adminSettingsQuery } from '../api/get-settings';

/**
 * A change saved: its answer is the whole list as it now is, which this page shows from then on.
 * The shop's settings carry the active options the checkout offers (in the same order), so the
 * copies this device holds get them at once, and the storefront's is read again where it is shown.
 */
export function deliveryOptionsChanged(client: QueryClient, options: DeliveryOption[]): void {
  client.setQueryData(deliveryOptionsQuery().queryKey, options);
  const offered = options.filter((option) => option.active);
  const withOffered = (settings: ShopSettings | undefined) => (settings ? { ...settings, delivery: offered } : settings);
  client.setQueryData(shopSettingsQuery().queryKey, withOffered);
  client.setQueryData(adminSettingsQuery().queryKey, withOffered);
  void client.invalidateQueries({ queryKey: shopSettingsQuery().queryKey });
}
