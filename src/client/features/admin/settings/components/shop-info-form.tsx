import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { ApiFailure } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { toast } from '@/client/lib/toast';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ShopSettings } from '@/shared/types';
import { adminSettingsQuery } from '../api/get-settings';
import { updateSettings } from '../api/update-settings';
import { checkShopInfo, logoProblem, SHOP_FIELDS, type ShopValues, shopErrorsOf, shopSummaryOf, shopValuesOf } from '../lib/shop-info';
import { useSettingsForm } from '../lib/use-settings-form';
import { SETTINGS_TEXTS } from '../texts';
import { FormSettingsField } from './form-settings-field';
import { LogoField } from './logo-field';
import * as styles from './settings.css';
import { SettingsForm } from './settings-form';

const FORM_FIELDS = [...SHOP_FIELDS, 'logo'] as const;

const SOCIAL_FIELDS = [
  { field: 'facebook', label: 'Facebook' },
  { field: 'instagram', label: 'Instagram' },
  { field: 'tiktok', label: 'TikTok' },
  { field: 'x', label: 'X' },
] as const;

/** The form's values: the texts as typed, and the logo file chosen to replace the stored one. */
type ShopFormValues = ShopValues & { logo: File | null };

/** The form read with the shared schema and the logo rule: the changes and the logo to send, or one error per field. */
function readShopInfo({ logo, ...values }: ShopFormValues) {
  const checked = checkShopInfo(values);
  const logoError = logo ? logoProblem(logo) : null;
  if ('errors' in checked || logoError) {
    return { ok: false as const, errors: { ...('errors' in checked ? checked.errors : {}), ...(logoError ? { logo: logoError } : {}) } };
  }
  return { ok: true as const, value: { changes: checked.changes, logo } };
}

/**
 * Shop Information: name, contact details, address, social links, the share of visits whose speed
 * is measured, and logo, as GET /settings gave
 * them. 'Save Settings' sends them all (PATCH /settings, multipart with a new logo); the answer
 * becomes the form's values and the shop's settings query, so the storefront footer and the admin
 * top bar show the change at once.
 */
export function ShopInfoForm({ settings }: { settings: ShopSettings }) {
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<string | null>(settings.logo);
  const [logoInputKey, setLogoInputKey] = useState(0);
  const { form, status, onSubmit, bind, clearError } = useSettingsForm({
    id: 'shop-info',
    fields: FORM_FIELDS,
    defaultValues: { ...shopValuesOf(settings), logo: null } as ShopFormValues,
    read: readShopInfo,
    refused: shopSummaryOf,
    mutation: { mutationFn: ({ changes, logo: chosen }) => updateSettings(changes, chosen ?? undefined) },
    failed: (error) => ({
      message: error instanceof Error ? error.message : SETTINGS_TEXTS.saveFailed,
      errors: error instanceof ApiFailure && error.errors ? shopErrorsOf(error.errors) : {},
    }),
    saved: (saved) => {
      form.reset({ ...shopValuesOf(saved), logo: null });
      setLogo(saved.logo);
      setLogoInputKey((k) => k + 1);
      // The storefront's settings (top bar, footer, checkout) show the saved answer at once.
      queryClient.setQueryData(shopSettingsQuery().queryKey, saved);
      // And this page's own copy, so the form opens with them next time.
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      toast.success(SERVER_MESSAGES.settingsSaved);
    },
  });
  const { field: chosen, fieldState: logoState } = useController({ control: form.control, name: 'logo' });
  const logoError = logoState.error?.message;

  const choose = (file: File | null) => {
    chosen.onChange(file);
    const problem = file ? logoProblem(file) : null;
    if (problem) form.setError('logo', { type: 'validate', message: problem });
    else clearError('logo');
    // Cleared (or the picker cancelled): the input is emptied too.
    if (!file) setLogoInputKey((k) => k + 1);
  };

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Save Settings" busyLabel="Saving…">
      <div className={styles.fieldGrid}>
        <FormSettingsField label="Shop name" autoComplete="organization" required {...bind('shopName')} />
        <FormSettingsField label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <FormSettingsField label="Phone" type="tel" autoComplete="tel" required {...bind('phone')} />
        <FormSettingsField label="WhatsApp number" type="tel" autoComplete="off" hint={SETTINGS_TEXTS.whatsappHint} {...bind('whatsapp')} />
      </div>
      <FormSettingsField label="Address" multiline autoComplete="street-address" {...bind('address')} />
      <fieldset className={styles.fieldset} aria-describedby="shop-info-socials-hint">
        <legend className={styles.legend}>Social links</legend>
        <p id="shop-info-socials-hint" className={styles.legendHint}>
          {SETTINGS_TEXTS.socialsHint}
        </p>
        <div className={styles.fieldGrid}>
          {SOCIAL_FIELDS.map(({ field, label }) => (
            <FormSettingsField key={field} label={label} type="url" autoComplete="url" {...bind(field)} />
          ))}
        </div>
      </fieldset>
      <FormSettingsField
        label="Visits measured (%)"
        inputMode="numeric"
        autoComplete="off"
        hint={SETTINGS_TEXTS.vitalsSampleHint}
        {...bind('vitalsSamplePercent')}
      />
      <LogoField
        id="shop-info-logo"
        current={logo}
        chosen={chosen.value}
        resetKey={logoInputKey}
        onChoose={choose}
        error={logoError && logoError !== status.message ? logoError : undefined}
        invalid={Boolean(logoError)}
        describedBy={status.message && logoError ? [status.summaryId] : []}
        inputRef={chosen.ref}
      />
    </SettingsForm>
  );
}
