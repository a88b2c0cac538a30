import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button.css';
import { formAlert } from '@/client/components/primitives.css';
import { TextField } from '@/client/components/text-field';
import { toApiFailure } from '@/client/lib/http';
import { CATEGORIES, LIMITS } from '@/shared/constants';
import { type ProductFormValues, productFormSchema } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import type { ImageSource } from '../lib/product-form-data';
import { PRODUCT_TEXTS } from '../texts';
import { type ImageSlot, ImageSlots, newSlot } from './image-slots';
import * as styles from './product-form.css';

/** The form's fields in screen order: the focus goes to the first one refused. */
const FIELDS = ['name', 'price', 'stock', 'category', 'maxPerOrder', 'description', 'images'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;
const FAILURE_ID = 'product-form-message';

interface Draft {
  name: string;
  price: string;
  stock: string;
  category: string;
  /** Empty: no limit of its own beyond the stock (and the cap of 100). */
  maxPerOrder: string;
  description: string;
  newArrival: boolean;
}

function draftOf(product: Product | undefined): Draft {
  if (!product) return { name: '', price: '', stock: '', category: '', maxPerOrder: '', description: '', newArrival: false };
  return {
    name: product.name,
    price: product.price.toFixed(2),
    stock: String(product.stock),
    category: product.category,
    maxPerOrder: product.maxPerOrder == null ? '' : String(product.maxPerOrder),
    description: product.description,
    newArrival: product.newArrival,
  };
}

/** Zod issues (or the server's `errors`) as one text per field: the first one wins. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    // The server knows New Arrival by two names; the form shows neither as a field with errors.
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field) && !found[field as Field]) found[field as Field] = issue.message;
  }
  return found;
}

interface ProductFormProps {
  /** Editing: the product as loaded; adding: none. */
  product?: Product;
  submitLabel: string;
  /** The text when the call fails without a message of the server's. */
  failureText: string;
  /** Sends the form; throws when the server refuses it. On success the page moves on. */
  onSave(values: ProductFormValues, images: ImageSource[]): Promise<void>;
}

/**
 * Add Product and Edit Product: name, price, stock, category, most per order, description, New
 * Arrival and up to 4 images, checked with the shared product rules (the server's texts) before anything is sent.
 */
export function ProductForm({ product, submitLabel, failureText, onSave }: ProductFormProps) {
  const [draft, setDraft] = useState(() => draftOf(product));
  const [slots, setSlots] = useState<ImageSlot[]>(() => (product?.productImageUrls ?? []).map((url) => newSlot({ kind: 'kept', url })));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const elements = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const failureRef = useRef<HTMLParagraphElement>(null);
  const focusFailure = useRef(false);

  useEffect(() => {
    if (failure && focusFailure.current) failureRef.current?.focus();
    focusFailure.current = false;
  }, [failure]);

  const register = (field: Field) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };

  const focusField = (field: Field) => {
    const element = elements.current[field];
    // The images fieldset: its first button (Replace image 1, or Add images).
    if (element instanceof HTMLFieldSetElement) element.querySelector<HTMLElement>('button')?.focus();
    else element?.focus();
  };

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field's error goes as soon as it is edited.
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const setImageError = (error: string | undefined) => setErrors((e) => ({ ...e, images: error }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = productFormSchema.safeParse(draft);
    const found = parsed.success ? {} : errorsOf(parsed.error.issues);
    if (slots.length === 0) found.images = SERVER_MESSAGES.firstImageRequired;
    const first = FIELDS.find((f) => found[f] !== undefined);
    if (!parsed.success || first) {
      setErrors(found);
      setFailure(null);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await onSave(
        parsed.data,
        slots.map((s) => s.source),
      );
    } catch (error) {
      const refused = await toApiFailure(error, failureText);
      const fieldErrors = errorsOf(refused.errors ?? []);
      setErrors(fieldErrors);
      setFailure(refused.message);
      setBusy(false);
      const firstRefused = FIELDS.find((f) => fieldErrors[f] !== undefined);
      if (firstRefused) focusField(firstRefused);
      // The message is not on screen yet: the effect on `failure` focuses it once it is.
      else focusFailure.current = true;
    }
  };

  /** A field's own error text, unless the form's message already says it (the server refused that field). */
  const ownError = (field: Field) => (errors[field] && errors[field] !== failure ? errors[field] : undefined);
  /**
   * What ties a field to its error: marked invalid, described by its own error or the form's
   * message, then by its hint when it has one (`withHint`).
   */
  const marks = (field: Field, withHint = false) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? (ownError(field) ? `product-${field}-error` : FAILURE_ID) : undefined, withHint ? `product-${field}-hint` : undefined]
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const errorText = (field: Field) =>
    ownError(field) && (
      <p id={`product-${field}-error`} className={styles.fieldError}>
        {ownError(field)}
      </p>
    );
  /** A field's hint, then its error. */
  const notes = (field: Field, hint: string) => (
    <>
      <p id={`product-${field}-hint`} className={styles.hint}>
        {hint}
      </p>
      {errorText(field)}
    </>
  );

  /** Price and stock: a required figure from 0, its label above and its error below. */
  const numberField = (field: 'price' | 'stock', label: string, inputMode: 'decimal' | 'numeric', step: number) => (
    <div className={styles.field}>
      <label htmlFor={`product-${field}`} className={styles.label}>
        {label}
      </label>
      <input
        ref={register(field)}
        id={`product-${field}`}
        name={field}
        type="number"
        inputMode={inputMode}
        min={0}
        step={step}
        required
        className={styles.input}
        value={draft[field]}
        onChange={(event) => set(field, event.target.value)}
        {...marks(field)}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      {failure && (
        <p ref={failureRef} id={FAILURE_ID} role="alert" tabIndex={-1} className={formAlert}>
          {failure}
        </p>
      )}
      <TextField
        id="product-name"
        name="name"
        label="Name"
        value={draft.name}
        onChange={(value) => set('name', value)}
        autoComplete="off"
        error={ownError('name')}
        invalid={Boolean(errors.name)}
        describedBy={errors.name && !ownError('name') ? [FAILURE_ID] : []}
        inputRef={register('name')}
      />
      <div className={styles.fieldRow}>
        {numberField('price', 'Price (₵)', 'decimal', 0.01)}
        {numberField('stock', 'Stock', 'numeric', 1)}
        <div className={styles.field}>
          <label htmlFor="product-category" className={styles.label}>
            Category
          </label>
          <select
            ref={register('category')}
            id="product-category"
            name="category"
            required
            className={styles.select}
            value={draft.category}
            onChange={(event) => set('category', event.target.value)}
            {...marks('category')}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {errorText('category')}
        </div>
      </div>
      <div className={styles.shortField}>
        <label htmlFor="product-max-per-order" className={styles.label}>
          Most per order
        </label>
        <input
          ref={register('maxPerOrder')}
          id="product-max-per-order"
          name="maxPerOrder"
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.maxQuantity}
          step={1}
          className={styles.input}
          value={draft.maxPerOrder}
          onChange={(event) => set('maxPerOrder', event.target.value)}
          {...marks('maxPerOrder', true)}
        />
        {notes('maxPerOrder', PRODUCT_TEXTS.maxPerOrderHint)}
      </div>
      <div className={styles.field}>
        <label htmlFor="product-description" className={styles.label}>
          Description
        </label>
        <textarea
          ref={register('description')}
          id="product-description"
          name="description"
          className={styles.textarea}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
          {...marks('description', true)}
        />
        {notes('description', PRODUCT_TEXTS.descriptionHint)}
      </div>
      <label className={styles.checkboxLabel}>
        <input
          type="checkbox"
          name="newArrival"
          className={styles.checkbox}
          checked={draft.newArrival}
          onChange={(event) => set('newArrival', event.target.checked)}
        />
        New Arrival
      </label>
      <ImageSlots
        slots={slots}
        onChange={setSlots}
        error={errors.images}
        ownError={Boolean(ownError('images'))}
        onError={setImageError}
        disabled={busy}
        fieldsetRef={register('images')}
      />
      <div className={styles.buttons}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy}>
          {busy && <Busy />}
          {submitLabel}
        </button>
        <Link to="/admin/products" className={button({ tone: 'quiet' })}>
          Cancel
        </Link>
      </div>
      {busy && (
        <p role="status" className="visually-hidden">
          Saving the product…
        </p>
      )}
    </form>
  );
}
