import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Stroke } from '@/client/components/icons';
import { RetryButton } from '@/client/components/retry-button';
import { toast } from '@/client/lib/toast';
import { useEditClearsError } from '@/client/lib/use-edit-clears-error';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { type ContactInput, contactSchema } from '@/shared/schemas/shop';
import type { ShopSettings } from '@/shared/types';
import { Busy } from '../../components/busy';
import { button } from '../../components/button';
import { container } from '../../components/primitives.css';
import { Skeleton } from '../../components/skeleton';
import { usePageTitle } from '../../lib/head';
import { apiCall, http } from '../../lib/http';
import { usePageLive } from '../../lib/page-context';
import { shopSettingsQuery } from '../../lib/queries/settings';
import * as styles from './pages.css';

const CONTACT_FAILED = 'Oops! Something went wrong. Please try again.';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type ContactValues = Record<Field, string>;
const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' };
const SUMMARY_ID = 'contact-form-message';

/** /contact: the 'Get in Touch' banner, the 'Send us a Message' form and the shop's contact details. */
export function ContactPage() {
  usePageTitle('Contact Us', 'Questions about an order or a product? Call, WhatsApp or write to Nkuto Naturals in Accra.');
  return (
    <>
      <section className={styles.banner} aria-labelledby="contact-title">
        <div className={styles.bannerInner}>
          <h1 id="contact-title" className={styles.bannerTitle}>
            Get in Touch
          </h1>
          <p className={styles.bannerText}>A question about an order, a product or your skin and hair routine? Write to us and we will get back to you.</p>
        </div>
      </section>
      <div className={`${container} ${styles.section}`}>
        <div className={styles.contactLayout}>
          <ContactForm />
          <ContactDetails />
        </div>
      </div>
    </>
  );
}

/** The form's message: the schema's 'please fill in everything' when a field is missing, else the first problem. */
function summaryOf(errors: FieldErrors<ContactValues>): string | null {
  const messages = FIELDS.map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));
  return messages.includes(PAGE_MESSAGES.contactMissing) ? PAGE_MESSAGES.contactMissing : (messages[0] ?? null);
}

function ContactForm() {
  const form = useForm<ContactValues, unknown, ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const [summary, setSummary] = useState<string | null>(null);
  useEditClearsError(form);

  const send = useMutation({
    mutationFn: (data: ContactInput) => apiCall(() => http.post('contact', { json: data }).json(), CONTACT_FAILED),
    onSuccess: () => {
      toast.success(PAGE_MESSAGES.contactSent);
      form.reset(EMPTY);
    },
    onError: () => toast.error(CONTACT_FAILED),
  });

  const onSubmit = form.handleSubmit(
    (data) => {
      setSummary(null);
      if (!send.isPending) send.mutate(data);
    },
    (errors) => setSummary(summaryOf(errors)),
  );

  // The server drew this page: text typed before React runs it would be cleared as the form binds its
  // fields, and a tap on Send would submit it the browser's way (a reload). Both wait for the app.
  const live = usePageLive();
  const field = (name: Field) => ({ name, error: form.formState.errors[name]?.message, summary, bound: form.register(name), live });
  const busy = send.isPending;

  return (
    <section className={styles.card} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.cardTitle}>
        Send us a Message
      </h2>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        {summary && (
          <p id={SUMMARY_ID} role="alert" className={styles.alert}>
            {summary}
          </p>
        )}
        <div className={styles.formRow}>
          <ContactField label="Name" {...field('name')}>
            {(props) => <input className={styles.input} type="text" autoComplete="name" {...props} />}
          </ContactField>
          <ContactField label="Email" {...field('email')}>
            {(props) => <input className={styles.input} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" {...props} />}
          </ContactField>
        </div>
        <ContactField label="Subject" {...field('subject')}>
          {(props) => <input className={styles.input} type="text" {...props} />}
        </ContactField>
        <ContactField label="Message" {...field('message')}>
          {(props) => <textarea className={styles.textarea} rows={6} {...props} />}
        </ContactField>
        <div>
          <button type="submit" className={button({ tone: 'primary' })} disabled={busy || !live} data-starting={live ? undefined : true}>
            {busy && <Busy />}
            {busy ? 'Sending…' : 'Send Message'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * A field of the form: its label, its control (given the bound props: id, name, required, the
 * aria attributes) and its error, unless the form's message says the same; a marked field points
 * at that message.
 */
function ContactField({
  name,
  label,
  error,
  summary,
  bound,
  live,
  children,
}: {
  name: Field;
  label: string;
  error?: string;
  summary: string | null;
  bound: UseFormRegisterReturn<Field>;
  /** False until React runs the server's page: the control is disabled meanwhile (usePageLive). */
  live: boolean;
  children(
    props: UseFormRegisterReturn<Field> & {
      id: string;
      required: true;
      disabled: boolean;
      'data-starting'?: true;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
    },
  ): ReactNode;
}) {
  const id = `contact-${name}`;
  const own = error && error !== summary;
  const describedBy = [own ? `${id}-error` : null, error && summary ? SUMMARY_ID : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({
        ...bound,
        id,
        required: true,
        disabled: !live,
        'data-starting': live ? undefined : true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {own && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

const SOCIAL_LABELS: [keyof ShopSettings['socials'], string][] = [
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['facebook', 'Facebook'],
  ['x', 'X'],
];

/** Phone, WhatsApp, email, address and social links from GET /api/settings. */
function ContactDetails() {
  // The same settings the footer shows: one request per visit.
  const query = useQuery(shopSettingsQuery());
  // The settings once they are in (a failed refetch leaves them shown); the failure only when none came.
  const loading = query.data === undefined && !query.isLoadingError;

  return (
    <section className={styles.card} aria-labelledby="contact-details-title" aria-busy={loading}>
      <h2 id="contact-details-title" className={styles.cardTitle}>
        Contact Information
      </h2>
      {loading && <DetailsSkeleton />}
      {query.isLoadingError && (
        <div className={styles.form}>
          <p className={styles.muted}>We could not load our contact details right now.</p>
          <div>
            <RetryButton onRetry={() => void query.refetch()} size="sm" />
          </div>
        </div>
      )}
      {query.data && <Details settings={query.data} />}
    </section>
  );
}

function Details({ settings }: { settings: ShopSettings }) {
  const whatsapp = settings.whatsapp || settings.socials.whatsapp?.replace(/\D/g, '') || '';
  const socials = SOCIAL_LABELS.filter(([key]) => settings.socials[key]);
  return (
    <>
      <ul className={styles.infoList}>
        {settings.phone && (
          <InfoItem icon={<PhoneIcon />} label="Phone">
            <a className={styles.infoValue} href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}>
              {settings.phone}
            </a>
          </InfoItem>
        )}
        {whatsapp && (
          <InfoItem icon={<WhatsAppIcon />} label="WhatsApp">
            <a className={styles.infoValue} href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </InfoItem>
        )}
        {settings.email && (
          <InfoItem icon={<MailIcon />} label="Email">
            <a className={styles.infoValue} href={`mailto:${settings.email}`}>
              {settings.email}
            </a>
          </InfoItem>
        )}
        {settings.address && (
          <InfoItem icon={<PinIcon />} label="Address">
            <address className={styles.infoValue} style={{ fontStyle: 'normal' }}>
              {settings.address}
            </address>
          </InfoItem>
        )}
      </ul>
      {socials.length > 0 && (
        <>
          <h3 className={styles.infoLabel} style={{ marginTop: 24 }}>
            Follow us
          </h3>
          <ul className={styles.socials}>
            {socials.map(([key, label]) => (
              <li key={key}>
                <a className={styles.socialLink} href={settings.socials[key]} target="_blank" rel="noopener noreferrer">
                  {label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className={styles.infoItem}>
      <span className={styles.infoIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <span className={styles.infoLabel}>{label}</span>
        {children}
      </div>
    </li>
  );
}

/** Four lines sized like the details, so the card does not jump when they arrive. */
function DetailsSkeleton() {
  return (
    <ul className={styles.infoList} aria-label="Loading contact details">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className={styles.infoItem}>
          <Skeleton width={40} height={40} radius="999px" />
          <span style={{ display: 'grid', gap: 6 }}>
            <Skeleton width="30%" height={14} />
            <Skeleton width="75%" height={18} />
          </span>
        </li>
      ))}
    </ul>
  );
}

const PhoneIcon = () => (
  <Stroke
    size={20}
    d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"
  />
);
const WhatsAppIcon = () => <Stroke size={20} d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5z" />;
const MailIcon = () => (
  <Stroke size={20} d="m22 6-10 7L2 6">
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </Stroke>
);
const PinIcon = () => (
  <Stroke size={20} d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z">
    <circle cx="12" cy="10" r="3" />
  </Stroke>
);
