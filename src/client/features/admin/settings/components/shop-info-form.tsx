import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiFailure } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ShopSettings } from '@/shared/types';
import { adminSettingsQuery } from '../api/get-settings';
import { updateSettings } from '../api/update-settings';
import { checkShopInfo, logoProblem, SHOP_FIELDS, type ShopErrors, type ShopValues, shopErrorsOf, shopSummaryOf, shopValuesOf } from '../lib/shop-info';
import { useFormFields, useFormStatus } from '../lib/use-form-status';
import { SETTINGS_TEXTS } from '../texts';
import { LogoField } from './logo-field';
import * as styles from './settings.css';
import { SettingsField } from './settings-field';
import { SettingsForm } from './settings-form';

const FORM_FIELDS = [...SHOP_FIELDS, 'logo'] as const;

const SOCIAL_FIELDS = [
  { field: 'facebook', label: 'Facebook' },
  { field: 'instagram', label: 'Instagram' },
  { field: 'tiktok', label: 'TikTok' },
  { field: 'x', label: 'X' },
] as const;

/**
 * Shop Information: name, contact details, address, social links and logo, as GET /settings gave
 * them. 'Save Settings' sends them all (PATCH /settings, multipart with a new logo); the answer
 * becomes the form's values and the shop's settings query, so the storefront footer and the admin
 * top bar show the change at once.
 */
export function ShopInfoForm({ settings }: { settings: ShopSettings }) {
  const queryClient = useQueryClient();
  const [logo, setLogo] = useState<string | null>(settings.logo);
  const [chosen, setChosen] = useState<File | null>(null);
  const [logoInputKey, setLogoInputKey] = useState(0);
  const status = useFormStatus('shop-info', FORM_FIELDS);
  const { values, setValues, fieldProps } = useFormFields(status, (): ShopValues => shopValuesOf(settings));

  const choose = (file: File | null) => {
    setChosen(file);
    status.setError('logo', file ? (logoProblem(file) ?? undefined) : undefined);
    // Cleared (or the picker cancelled): the input is emptied too.
    if (!file) setLogoInputKey((k) => k + 1);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.busy) return;
    const checked = checkShopInfo(values);
    const logoError = chosen ? logoProblem(chosen) : null;
    if ('errors' in checked || logoError) {
      const found: ShopErrors = { ...('errors' in checked ? checked.errors : {}), ...(logoError ? { logo: logoError } : {}) };
      status.showErrors(found, shopSummaryOf(found));
      return;
    }
    status.start();
    let saved: ShopSettings;
    try {
      saved = await updateSettings(checked.changes, chosen ?? undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : SETTINGS_TEXTS.saveFailed;
      const found = error instanceof ApiFailure && error.errors ? shopErrorsOf(error.errors) : {};
      status.showErrors(found, message);
      return;
    }
    setValues(shopValuesOf(saved));
    setLogo(saved.logo);
    setChosen(null);
    setLogoInputKey((k) => k + 1);
    // The storefront's settings (top bar, footer, checkout) show the saved answer at once.
    queryClient.setQueryData(shopSettingsQuery().queryKey, saved);
    // And this page's own copy, so the form opens with them next time.
    queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
    status.done();
    toast.success(SERVER_MESSAGES.settingsSaved);
  };

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Save Settings" busyLabel="Saving…">
      <div className={styles.fieldGrid}>
        <SettingsField label="Shop name" autoComplete="organization" required {...fieldProps('shopName')} />
        <SettingsField label="Email" type="email" autoComplete="email" required {...fieldProps('email')} />
        <SettingsField label="Phone" type="tel" autoComplete="tel" required {...fieldProps('phone')} />
        <SettingsField label="WhatsApp number" type="tel" autoComplete="off" hint={SETTINGS_TEXTS.whatsappHint} {...fieldProps('whatsapp')} />
      </div>
      <SettingsField label="Address" multiline autoComplete="street-address" {...fieldProps('address')} />
      <fieldset className={styles.fieldset} aria-describedby="shop-info-socials-hint">
        <legend className={styles.legend}>Social links</legend>
        <p id="shop-info-socials-hint" className={styles.legendHint}>
          {SETTINGS_TEXTS.socialsHint}
        </p>
        <div className={styles.fieldGrid}>
          {SOCIAL_FIELDS.map(({ field, label }) => (
            <SettingsField key={field} label={label} type="url" autoComplete="url" {...fieldProps(field)} />
          ))}
        </div>
      </fieldset>
      <LogoField id="shop-info-logo" current={logo} chosen={chosen} resetKey={logoInputKey} onChoose={choose} {...status.marks('logo')} />
    </SettingsForm>
  );
}
