import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { LoadFailure } from '@/client/components/load-failure';
import { Skeleton } from '@/client/components/skeleton';
import { ApiFailure } from '@/client/lib/http';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { ownerAlertsQuery } from '../api/get-owner-alerts';
import { updateOwnerAlerts } from '../api/update-owner-alerts';
import { freshStateOf } from '../lib/fresh-state';
import { ALERT_FIELDS, type AlertKinds, alertErrorsOf, alertKindsOf, alertValuesOf, checkOwnerAlerts } from '../lib/owner-alerts';
import { useFormFields, useFormStatus } from '../lib/use-form-status';
import { SETTINGS_TEXTS } from '../texts';
import * as styles from './settings.css';
import { SettingsField } from './settings-field';
import { SettingsForm } from './settings-form';

const KINDS: { kind: keyof AlertKinds; label: string }[] = [
  { kind: 'newOrder', label: 'New orders' },
  { kind: 'paymentFlag', label: 'Payment problems (paid late, wrong amount, paid twice, refund failed, dispute)' },
  { kind: 'lowStock', label: 'Low stock' },
];

/** The 'Alerts for the owner' section's body: its skeleton, its load failure, or its form. */
export function OwnerAlerts() {
  const query = useQuery(ownerAlertsQuery());
  const { answer, failure } = freshStateOf(query);
  if (answer !== undefined) return <OwnerAlertsForm settings={answer} />;
  if (failure) return <LoadFailure message={SETTINGS_TEXTS.alertsLoadFailed} failure={failure} onRetry={() => void query.refetch()} />;
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {SETTINGS_TEXTS.alertsLoading}
      </p>
      <div className={styles.form} aria-hidden="true">
        <Skeleton height="5.5rem" />
        <Skeleton height="5.5rem" />
        <Skeleton height="8rem" />
      </div>
    </div>
  );
}

/**
 * Where the owner's alerts go (up to 5 phones and 5 e-mails, one a line) and which kinds are on.
 * Save sends them all (PUT /ownerAlerts); the answer (phones as +233…) becomes the form's values.
 */
function OwnerAlertsForm({ settings }: { settings: OwnerAlertSettings }) {
  const queryClient = useQueryClient();
  const status = useFormStatus('owner-alerts', ALERT_FIELDS);
  const { values, setValues, fieldProps } = useFormFields(status, () => alertValuesOf(settings));
  const [kinds, setKinds] = useState<AlertKinds>(() => alertKindsOf(settings));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.busy) return;
    const checked = checkOwnerAlerts(values, kinds);
    if ('errors' in checked) {
      status.showErrors(checked.errors, SETTINGS_TEXTS.alertsCheck);
      return;
    }
    status.start();
    let saved: OwnerAlertSettings;
    try {
      saved = await updateOwnerAlerts(checked.input);
    } catch (error) {
      const message = error instanceof Error ? error.message : SETTINGS_TEXTS.alertsSaveFailed;
      status.showErrors(error instanceof ApiFailure && error.errors ? alertErrorsOf(error.errors, checked.input) : {}, message);
      return;
    }
    setValues(alertValuesOf(saved));
    setKinds(alertKindsOf(saved));
    queryClient.setQueryData(ownerAlertsQuery().queryKey, saved);
    status.done();
    toast.success(SERVER_MESSAGES.ownerAlertsSaved);
  };

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Save Alerts" busyLabel="Saving…">
      <div className={styles.fieldGrid}>
        <SettingsField label="Phones for alerts" multiline autoComplete="off" hint={SETTINGS_TEXTS.alertPhonesHint} {...fieldProps('phones')} />
        <SettingsField label="E-mails for alerts" multiline autoComplete="off" hint={SETTINGS_TEXTS.alertEmailsHint} {...fieldProps('emails')} />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{SETTINGS_TEXTS.alertKinds}</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className={styles.checkboxRow}>
            <input
              type="checkbox"
              name={kind}
              className={styles.checkbox}
              checked={kinds[kind]}
              onChange={(event) => setKinds((current) => ({ ...current, [kind]: event.target.checked }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p className={styles.legendHint}>{SETTINGS_TEXTS.systemAlertsNote}</p>
    </SettingsForm>
  );
}
