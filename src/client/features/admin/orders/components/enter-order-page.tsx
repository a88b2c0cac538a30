import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { backLink } from '@/client/components/primitives.css';
import { RegionSelect } from '@/client/components/region-select';
import { TextField } from '@/client/components/text-field';
import { validatePromo } from '@/client/lib/api/validate-promo';
import { usePageTitle } from '@/client/lib/head';
import { ApiFailure } from '@/client/lib/http';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { catalogueChanged } from '@/client/lib/query-client';
import { DELIVERY_TEXTS, type DeliveryChange, type DeliveryOption, deliveryFeeFor, normalizeGpsAddress } from '@/shared/delivery';
import { MESSAGES } from '@/shared/messages';
import { detectMomoNetwork, MOMO_NETWORKS, type MomoNetwork } from '@/shared/momo';
import { formatCedis } from '@/shared/money';
import type { EnteredOrderInput, EnteredOrderPayment } from '@/shared/schemas/orders';
import type { EnteredOrderAnswer, Product } from '@/shared/types';
import { enterOrder } from '../api/enter-order';
import { useCatalogue } from '../api/get-catalogue';
import { orderChanged } from '../api/order-changed';
import {
  attemptOf,
  EMPTY_ENTERED_FORM,
  type EnteredErrors,
  type EnteredField,
  type EnteredLine,
  type EnteredOrderForm,
  errorsOf,
  firstInvalid,
  lineTotal,
  mostOf,
  newAttemptKey,
  totalsOf,
  validateEntered,
} from '../lib/entered-order';
import { ENTER_ORDER_TEXTS as T } from '../texts';
import * as styles from './enter-order-page.css';
import { OrderLinesPicker } from './order-lines-picker';
import * as page from './orders.css';

const FORM_ID = 'enter-order';
/** A payment link stays on screen long enough to be read out or copied. */
const LINK_TOAST_MS = 30_000;

type FocusTarget = HTMLInputElement | HTMLSelectElement | null;

/** An option's fee for these goods as the summary shows it. */
const feeText = (fee: number) => (fee === 0 ? DELIVERY_TEXTS.free : formatCedis(fee));

/**
 * /admin/orders/new: an order the shop takes by phone or WhatsApp (issue 29). Products from the
 * catalogue with their quantities, the customer and address, the delivery option (the shop's that
 * serve the address, priced as at the checkout), an optional promo code and the payment: cash on
 * delivery, a Mobile Money prompt to a wallet, or a payment link by SMS. Checked with the shared
 * schema before it is sent, sent once per attempt under one Idempotency-Key (the same key for a retry
 * of the same order, a new one once it is recorded or the lines, payment or delivery change).
 */
export function EnterOrderPage() {
  usePageTitle(`${T.title} - Admin`);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const settingsQuery = useQuery(shopSettingsQuery());
  const settings = settingsQuery.data ?? null;
  // Settings kept from before issue 28 have no `delivery`: no options.
  const options = settings ? (settings.delivery ?? []) : null;
  const mobileMoney = settings?.payments?.mobileMoney === true;

  const [picked, setPicked] = useState<EnteredLine[]>([]);
  const [form, setForm] = useState<EnteredOrderForm>(EMPTY_ENTERED_FORM);
  // The wallet follows the customer's phone until the admin types another.
  const [walletTyped, setWalletTyped] = useState(false);
  const [promoInput, setPromoInput] = useState('');
  const [promo, setPromo] = useState<{ code: string; percent: number } | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);
  const [errors, setErrors] = useState<EnteredErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Set in the same task as the tap: a second tap before React re-renders sends nothing.
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; of: string } | null>(null);
  const inputs = useRef<Partial<Record<EnteredField, FocusTarget>>>({});
  // A field to focus once it is on screen (a delivery option's radios come with the settings).
  const pendingFocus = useRef<EnteredField | null>(null);

  // The lines with the catalogue's latest price and stock.
  const lines = useMemo(() => {
    const byId = new Map(catalogue.products.map((p) => [p._id, p]));
    return picked.map((line) => ({ ...line, product: byId.get(line.product._id) ?? line.product }));
  }, [picked, catalogue.products]);
  const totals = totalsOf(lines, promo?.percent ?? null, options, form);

  const register = (field: EnteredField) => (el: FocusTarget) => {
    inputs.current[field] = el;
    if (el && pendingFocus.current === field) {
      pendingFocus.current = null;
      el.focus();
    }
  };
  const focusField = (field: EnteredField) => {
    const el = inputs.current[field];
    if (el) el.focus();
    else pendingFocus.current = field;
  };
  const showErrors = (next: EnteredErrors) => {
    flushSync(() => setErrors(next));
    const first = firstInvalid(next);
    if (first) focusField(first);
  };
  // Leaving the GPS field writes it as GhanaPost does (`GA-183-8164`); TextField has no blur prop.
  const leaveGps = () => setForm((f) => (f.gpsAddress ? { ...f, gpsAddress: normalizeGpsAddress(f.gpsAddress) } : f));
  const gpsRef = (el: HTMLInputElement | null) => {
    register('gpsAddress')(el);
    if (!el) return;
    el.addEventListener('blur', leaveGps);
    return () => {
      el.removeEventListener('blur', leaveGps);
      inputs.current.gpsAddress = null;
    };
  };
  const clearError = (field: EnteredField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const set = <K extends keyof EnteredOrderForm>(field: K, value: EnteredOrderForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearError(field);
  };
  const setPhone = (phone: string) => {
    setForm((f) => (walletTyped ? { ...f, phone } : { ...f, phone, momoPhone: phone, momoNetwork: detectMomoNetwork(phone) ?? f.momoNetwork }));
    clearError('phone');
  };
  const setWallet = (momoPhone: string) => {
    setWalletTyped(true);
    setForm((f) => ({ ...f, momoPhone, momoNetwork: detectMomoNetwork(momoPhone) ?? f.momoNetwork }));
    clearError('momoPhone');
  };

  const addProduct = (product: Product) => {
    setPicked((now) => {
      const line = now.find((l) => l.product._id === product._id);
      if (!line) return [...now, { product, quantity: Math.min(1, mostOf(product)) }];
      return now.map((l) => (l === line ? { ...l, quantity: Math.min(l.quantity + 1, mostOf(product)) } : l));
    });
    clearError('lines');
  };
  const setQuantity = (productId: string, quantity: number) => {
    setPicked((now) => now.map((l) => (l.product._id === productId ? { ...l, quantity } : l)));
    clearError('lines');
  };
  const removeLine = (productId: string) => {
    setPicked((now) => now.filter((l) => l.product._id !== productId));
    clearError('lines');
    // The Remove button is gone: the search takes the focus.
    inputs.current.lines?.focus();
  };

  const applyPromo = async () => {
    if (checkingPromo) return;
    const code = promoInput.trim();
    if (!code) {
      showErrors({ promoCode: MESSAGES.invalidPromo });
      return;
    }
    setCheckingPromo(true);
    try {
      const answer = await validatePromo(code, totals.subtotal);
      if (answer.valid) {
        setPromo({ code: answer.code, percent: answer.percent });
        setPromoInput('');
        clearError('promoCode');
        toast.success(MESSAGES.promoApplied(answer.percent));
      } else {
        setPromo(null);
        showErrors({ promoCode: MESSAGES.invalidPromo });
      }
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(MESSAGES.promoCheckFailed, 0);
      showErrors({ promoCode: failure.status === 400 ? MESSAGES.invalidPromo : failure.message });
    } finally {
      setCheckingPromo(false);
    }
  };

  /** The shop's delivery changed since the page showed it: show it as it is now; the admin confirms again, as a new attempt. */
  const deliveryChanged = (message: string, change: DeliveryChange) => {
    const key = shopSettingsQuery().queryKey;
    queryClient.setQueryData(key, (s) => (s ? { ...s, delivery: change.options } : s));
    if (!queryClient.getQueryData(key)) void queryClient.invalidateQueries({ queryKey: key });
    attempt.current = null;
    setAlert(`${message} ${T.deliveryChanged}`);
    toast.error(message);
    if (change.fee === null) {
      setForm((f) => ({ ...f, deliveryOptionId: '' }));
      showErrors({ deliveryOptionId: message });
    }
  };

  const send = async (input: EnteredOrderInput, key: string) => {
    let answer: EnteredOrderAnswer;
    try {
      answer = await enterOrder(input, key);
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(T.failed, 0);
      if (failure.status === 409 && failure.delivery) return deliveryChanged(failure.message, failure.delivery);
      setAlert(failure.message);
      toast.error(failure.message);
      if (failure.errors) {
        showErrors(errorsOf(failure.errors));
        if (failure.errors.some((e) => e.path[0] === 'promoCode')) setPromo(null);
      }
      // Stock ran short meanwhile: the lines show what is left.
      if (failure.status === 409) void catalogueChanged(queryClient);
      return;
    }
    attempt.current = null;
    orderChanged(queryClient, answer.order, { customerProfile: false });
    void catalogueChanged(queryClient);
    if (answer.paymentLink) {
      const link = answer.paymentLink;
      toast.success(<PaymentLinkToast message={answer.message} link={link} />, { duration: LINK_TOAST_MS });
    } else {
      toast.success(answer.message);
    }
    void navigate({ to: '/admin/orders/$id', params: { id: answer.order._id } });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const checked = validateEntered(lines, form, promo?.code ?? null, totals);
    if (!checked.ok) {
      setAlert(null);
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    // One key per attempt: kept for a retry of the same order, new when what it orders changes.
    const of = attemptOf(lines, form, totals);
    if (attempt.current?.of !== of) attempt.current = { key: newAttemptKey(), of };
    const { key } = attempt.current;
    inFlight.current = true;
    setSending(true);
    setAlert(null);
    void send(checked.input, key).finally(() => {
      inFlight.current = false;
      setSending(false);
    });
  };

  const payments: EnteredOrderPayment[] = mobileMoney ? ['cash', 'momo_prompt', 'momo_link'] : ['cash'];

  return (
    <div className={page.page}>
      <Link to="/admin/orders" className={backLink}>
        ← Back to Orders
      </Link>
      <h1 className={page.title}>{T.title}</h1>
      <p className={styles.note}>{T.intro}</p>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}

      <form id={FORM_ID} className={styles.layout} onSubmit={submit} noValidate aria-label={T.title}>
        <div className={styles.form}>
          <OrderLinesPicker
            lines={lines}
            onAdd={addProduct}
            onQuantity={setQuantity}
            onRemove={removeLine}
            error={errors.lines}
            searchRef={register('lines')}
          />

          <div className={styles.section}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{T.customerLegend}</legend>
              <div className={styles.fields}>
                <TextField
                  id="entered-fullName"
                  name="fullName"
                  label="Full name"
                  autoComplete="off"
                  value={form.fullName}
                  onChange={(v) => set('fullName', v)}
                  error={errors.fullName}
                  inputRef={register('fullName')}
                />
                <TextField
                  id="entered-phone"
                  name="phone"
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={form.phone}
                  onChange={setPhone}
                  error={errors.phone}
                  inputRef={register('phone')}
                />
                <div className={styles.wide}>
                  <TextField
                    id="entered-email"
                    name="email"
                    label="E-mail (optional)"
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    value={form.email}
                    onChange={(v) => set('email', v)}
                    error={errors.email}
                    inputRef={register('email')}
                    optional
                  />
                </div>
              </div>
            </fieldset>
          </div>

          <div className={styles.section}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{T.addressLegend}</legend>
              <div className={styles.fields}>
                <RegionSelect
                  id="entered-region"
                  value={form.region}
                  onChange={(v) => set('region', v)}
                  error={errors.region}
                  required={totals.delivery !== 'none' && totals.delivery !== 'unknown'}
                  selectRef={register('region')}
                />
                <TextField
                  id="entered-city"
                  name="city"
                  label="City"
                  autoComplete="off"
                  value={form.city}
                  onChange={(v) => set('city', v)}
                  error={errors.city}
                  inputRef={register('city')}
                />
                <div className={styles.wide}>
                  <TextField
                    id="entered-address"
                    name="address"
                    label={totals.chosen?.pickup ? T.addressForPickup : 'Address'}
                    autoComplete="off"
                    value={form.address}
                    onChange={(v) => set('address', v)}
                    error={errors.address}
                    inputRef={register('address')}
                    optional={Boolean(totals.chosen?.pickup)}
                  />
                </div>
                <TextField
                  id="entered-gpsAddress"
                  name="gpsAddress"
                  label={T.gpsLabel}
                  hint={T.gpsHint}
                  autoComplete="off"
                  value={form.gpsAddress}
                  onChange={(v) => set('gpsAddress', v)}
                  error={errors.gpsAddress}
                  inputRef={gpsRef}
                  optional
                />
                <TextField
                  id="entered-landmark"
                  name="landmark"
                  label={T.landmarkLabel}
                  autoComplete="off"
                  value={form.landmark}
                  onChange={(v) => set('landmark', v)}
                  error={errors.landmark}
                  inputRef={register('landmark')}
                  optional
                />
              </div>
              <DeliveryChoices
                status={totals.delivery}
                loading={settingsQuery.isPending}
                choices={totals.choices}
                goods={totals.goods}
                value={totals.chosen?._id ?? ''}
                onChange={(id) => set('deliveryOptionId', id)}
                error={errors.deliveryOptionId}
                firstRef={register('deliveryOptionId')}
              />
            </fieldset>
          </div>

          <div className={styles.section}>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{T.paymentLegend}</legend>
              <div className={styles.promoRow}>
                {promo ? (
                  <p className={styles.note}>
                    {MESSAGES.promoAppliedTo(promo.code, promo.percent)}{' '}
                    <button type="button" className={button({ tone: 'quiet' })} onClick={() => setPromo(null)}>
                      {T.promoRemove}
                    </button>
                  </p>
                ) : (
                  <>
                    <div className={styles.promoInput}>
                      <TextField
                        id="entered-promoCode"
                        name="promoCode"
                        label={T.promoLabel}
                        autoComplete="off"
                        value={promoInput}
                        onChange={(v) => {
                          setPromoInput(v);
                          clearError('promoCode');
                        }}
                        error={errors.promoCode}
                        inputRef={register('promoCode')}
                        optional
                      />
                    </div>
                    <button
                      type="button"
                      className={button({ tone: 'quiet' })}
                      onClick={() => void applyPromo()}
                      disabled={checkingPromo}
                      aria-busy={checkingPromo || undefined}
                    >
                      {checkingPromo && <Busy />}
                      {T.promoApply}
                    </button>
                  </>
                )}
              </div>

              <div className={styles.choices}>
                {payments.map((payment, index) => (
                  <label key={payment} className={styles.choice}>
                    <input
                      ref={index === 0 ? register('payment') : undefined}
                      type="radio"
                      name="payment"
                      value={payment}
                      className={styles.radio}
                      checked={form.payment === payment}
                      onChange={() => set('payment', payment)}
                      aria-describedby={`entered-payment-${payment}-hint`}
                    />
                    <span className={styles.choiceText}>
                      <span className={styles.choiceHead}>{T.payments[payment].name}</span>
                      <span id={`entered-payment-${payment}-hint`} className={styles.choiceHint}>
                        {T.payments[payment].hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.payment && <p className={styles.error}>{errors.payment}</p>}

              {form.payment === 'momo_prompt' && (
                <div className={styles.fields}>
                  <TextField
                    id="entered-momoPhone"
                    name="momoPhone"
                    label={T.walletLabel}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    hint={T.walletHint}
                    value={form.momoPhone}
                    onChange={setWallet}
                    error={errors.momoPhone}
                    inputRef={register('momoPhone')}
                  />
                  <NetworkSelect
                    value={form.momoNetwork}
                    onChange={(v) => set('momoNetwork', v)}
                    error={errors.momoNetwork}
                    selectRef={register('momoNetwork')}
                  />
                </div>
              )}
            </fieldset>
          </div>
        </div>

        <aside className={styles.summary} aria-labelledby="entered-summary-title">
          <h2 id="entered-summary-title" className={styles.summaryTitle}>
            {T.summaryTitle}
          </h2>
          <dl className={styles.pairs}>
            {lines.map((line) => (
              <SummaryPair key={line.product._id} label={`${line.product.name} × ${line.quantity}`} value={formatCedis(lineTotal(line))} />
            ))}
            <SummaryPair label={T.subtotal} value={formatCedis(totals.subtotal)} />
            {promo && totals.discount > 0 && <SummaryPair label={T.discount(promo.code)} value={`−${formatCedis(totals.discount)}`} />}
            {totals.delivery !== 'none' && totals.delivery !== 'unknown' && <SummaryPair label={T.delivery} value={deliveryText(totals.chosen, totals.fee)} />}
            <dt className={styles.totalLabel}>{T.total}</dt>
            <dd className={styles.totalValue}>{formatCedis(totals.total)}</dd>
          </dl>
          <button type="submit" className={button({ tone: 'primary', block: true })} disabled={sending} aria-busy={sending || undefined}>
            {sending && <Busy />}
            {sending ? T.submitting : T.submit}
          </button>
        </aside>
      </form>
    </div>
  );
}

function SummaryPair({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className={styles.pairLabel}>{label}</dt>
      <dd className={styles.pairValue}>{value}</dd>
    </>
  );
}

/** The summary's delivery: the fee, who is paid, or that the shop agrees it with the customer. */
function deliveryText(chosen: DeliveryOption | null, fee: number | null): string {
  if (!chosen || fee === null) return T.deliveryToAgree;
  if (chosen.feePaidWith === 'rider' && fee > 0) return DELIVERY_TEXTS.paidToRider(formatCedis(fee));
  return feeText(fee);
}

function NetworkSelect(props: {
  value: MomoNetwork | '';
  onChange(value: MomoNetwork | ''): void;
  error?: string;
  selectRef(el: HTMLSelectElement | null): void;
}) {
  const { value, onChange, error, selectRef } = props;
  const id = 'entered-momoNetwork';
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {T.networkLabel}
      </label>
      <select
        ref={selectRef}
        id={id}
        name="momoNetwork"
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value as MomoNetwork | '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{T.networkPlaceholder}</option>
        {MOMO_NETWORKS.map((n) => (
          <option key={n.code} value={n.code}>
            {n.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface DeliveryChoicesProps {
  status: ReturnType<typeof totalsOf>['delivery'];
  loading: boolean;
  choices: DeliveryOption[];
  goods: number;
  value: string;
  onChange(id: string): void;
  error?: string;
  firstRef(el: HTMLInputElement | null): void;
}

/** The shop's options serving the address, each with its fee for these goods; none defined: nothing. */
function DeliveryChoices({ status, loading, choices, goods, value, onChange, error, firstRef }: DeliveryChoicesProps) {
  if (status === 'none' || (status === 'unknown' && !loading)) return null;
  const errorId = 'entered-delivery-error';
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>{T.deliveryLegend}</legend>
      {status === 'unknown' && (
        <p role="status" className={styles.note}>
          {T.loadingDelivery}
        </p>
      )}
      {status === 'locate' && <p className={styles.note}>{T.locateFirst}</p>}
      {status === 'noneFits' && <p className={styles.note}>{DELIVERY_TEXTS.noOptionFits}</p>}
      {(status === 'choose' || status === 'chosen') && (
        <div className={styles.choices}>
          {choices.map((option, index) => {
            const fee = deliveryFeeFor(option, goods);
            const facts = [option.feePaidWith === 'rider' && fee > 0 ? T.paidToRider : '', option.eta, option.pickup ? T.pickup : '']
              .filter(Boolean)
              .join(' · ');
            const id = `entered-delivery-${option._id}`;
            return (
              <label key={option._id} className={styles.choice}>
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  name="deliveryOption"
                  value={option._id}
                  className={styles.radio}
                  checked={value === option._id}
                  onChange={() => onChange(option._id)}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={[`${id}-fee`, facts ? `${id}-facts` : '', error ? errorId : ''].filter(Boolean).join(' ')}
                />
                <span className={styles.choiceText}>
                  <span className={styles.choiceHead}>
                    <span id={`${id}-name`}>{option.name}</span>
                    <span id={`${id}-fee`}>{feeText(fee)}</span>
                  </span>
                  {facts && (
                    <span id={`${id}-facts`} className={styles.choiceHint}>
                      {facts}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The success toast of a payment link: the message, the link, and a way to copy it (to send on WhatsApp too). */
function PaymentLinkToast({ message, link }: { message: string; link: string }) {
  return (
    <span className={styles.linkBox}>
      <strong>{message}</strong>
      <span className={styles.linkText}>{link}</span>
      <button
        type="button"
        className={button({ tone: 'quiet' })}
        onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success(T.linkCopied))}
      >
        {T.copyLink}
      </button>
    </span>
  );
}
