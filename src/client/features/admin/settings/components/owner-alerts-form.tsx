import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailure } from '@/client/components/load-failure';
import { LoadingShape } from '@/client/components/loading-shape';
import { Skeleton } from '@/client/components/skeleton';
import { ApiFailure } from '@/client/lib/http';
import { toast } from '@/client/lib/toast';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { ownerAlertsQuery } from '../api/get-owner-alerts';
import { updateOwnerAlerts } from '../api/update-owner-alerts';
import { freshStateOf } from '../lib/fresh-state';
import { ALERT_FIELDS, type AlertKinds, type AlertValues, alertErrorsOf, alertKindsOf, alertValuesOf, checkOwnerAlerts } from '../lib/owner-alerts';
import { useSettingsForm } from '../lib/use-settings-form';
import { SETTINGS_TEXTS } from '../texts';
import { FormSettingsField } from './form-settings-field';
import * as styles from './settings.css';
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
    <LoadingShape label={SETTINGS_TEXTS.alertsLoading} className={styles.form}>
      <Skeleton height="5.5rem" />
      <Skeleton height="5.5rem" />
      <Skeleton height="8rem" />
    </LoadingShape>
  );
}

/** The alerts form's values: the contacts as typed, one a line, and which kinds are on. */
type AlertFormValues = AlertValues & AlertKinds;

/** The form read with the shared schema: the settings to send, or one error per field. */
function readAlerts({ phones, emails, ...kinds }: AlertFormValues) {
  const checked = checkOwnerAlerts({ phones, emails }, kinds);
  return 'errors' in checked ? { ok: false as const, errors: checked.errors } : { ok: true as const, value: checked.input };
}

/**
 * Where the owner's alerts go (up to 5 phones and 5 e-mails, one a line) and which kinds are on.
 * Save sends them all (PUT /ownerAlerts); the answer (phones as +233…) becomes the form's values.
 */
function OwnerAlertsForm({ settings }: { settings: OwnerAlertSettings }) {
  const queryClient = useQueryClient();
  const { form, status, onSubmit, bind } = useSettingsForm<AlertFormValues, OwnerAlertSettings, OwnerAlertSettings>({
    id: 'owner-alerts',
    fields: ALERT_FIELDS,
    defaultValues: { ...alertValuesOf(settings), ...alertKindsOf(settings) },
    read: readAlerts,
    refused: () => SETTINGS_TEXTS.alertsCheck,
    mutation: { mutationFn: updateOwnerAlerts },
    failed: (error, sent) => ({
      message: error instanceof Error ? error.message : SETTINGS_TEXTS.alertsSaveFailed,
      errors: error instanceof ApiFailure && error.errors ? alertErrorsOf(error.errors, sent) : {},
    }),
    saved: (saved) => {
      form.reset({ ...alertValuesOf(saved), ...alertKindsOf(saved) });
      queryClient.setQueryData(ownerAlertsQuery().queryKey, saved);
      toast.success(SERVER_MESSAGES.ownerAlertsSaved);
    },
  });

  return (
    <SettingsForm status={status} onSubmit={onSubmit} submitLabel="Save Alerts" busyLabel="Saving…">
      <div className={styles.fieldGrid}>
        <FormSettingsField label="Phones for alerts" multiline autoComplete="off" hint={SETTINGS_TEXTS.alertPhonesHint} {...bind('phones')} />
        <FormSettingsField label="E-mails for alerts" multiline autoComplete="off" hint={SETTINGS_TEXTS.alertEmailsHint} {...bind('emails')} />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{SETTINGS_TEXTS.alertKinds}</legend>
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className={styles.checkboxRow}>
            <input type="checkbox" className={styles.checkbox} {...form.register(kind)} />
            {label}
          </label>
        ))}
      </fieldset>
      <p className={styles.legendHint}>{SETTINGS_TEXTS.systemAlertsNote}</p>
    </SettingsForm>
  );
}
