import { Link } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Controller, type UseFormRegisterReturn, type UseFormReturn, useForm } from 'react-hook-form';
import { Busy } from '@/client/components/busy';
import { button } from '@/client/components/button';
import { FormTextField } from '@/client/components/form-text-field';
import { formAlert } from '@/client/components/primitives.css';
import { toApiFailure } from '@/client/lib/http';
import { useEditClearsError } from '@/client/lib/use-edit-clears-error';
import { LIMITS, SHOP_CATEGORIES } from '@/shared/constants';
import { type ProductFormValues, productFormSchema } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Product } from '@/shared/types';
import { type ReadResult, readResolver } from '../../lib/read-resolver';
import type { ImageSource } from '../lib/product-form-data';
import { PRODUCT_TEXTS } from '../texts';
import { type ImageSlot, ImageSlots, newSlot } from './image-slots';
import * as styles from './product-form.css';
import { ErrorText, FAILURE_ID, type FieldErrorOf, FieldNotes, marksOf, NumberField, PRODUCT_FIELDS, type ProductField } from './product-form-fields';

type Errors = Partial<Record<ProductField, string>>;

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
    if (typeof field === 'string' && (PRODUCT_FIELDS as readonly string[]).includes(field) && !found[field as ProductField])
      found[field as ProductField] = issue.message;
  }
  return found;
}

interface ProductFormProps {
  /** Editing: the product as loaded; adding: none. */
  product?: Product;
  submitLabel: string;
  /** The text when the call fails without a message of the server's. */
  failureText: string;
  /** The page's save is out (or done, while the page moves on): the form waits. */
  saving: boolean;
  /** Sends the form; throws when the server refuses it. On success the page moves on. */
  onSave(values: ProductFormValues, images: ImageSource[]): Promise<void>;
}

/** The form's values: the fields as typed and the images in their places. */
type ProductDraft = Draft & { images: ImageSlot[] };
/** What a submit hands on: the product as the shared rules read it, and its images. */
type ProductSubmit = { values: ProductFormValues; images: ImageSource[] };

/** Checked with the shared product rules (the server's texts); the first image is required. */
const resolver = readResolver(({ images, ...draft }: ProductDraft): ReadResult<ProductSubmit> => {
  const parsed = productFormSchema.safeParse(draft);
  const found = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (images.length === 0) found.images = SERVER_MESSAGES.firstImageRequired;
  if (parsed.success && Object.keys(found).length === 0) return { ok: true, value: { values: parsed.data, images: images.map((s) => s.source) } };
  return { ok: false, errors: found };
});

/**
 * Add Product and Edit Product: name, price, stock, category, most per order, description, New
 * Arrival and up to 4 images, checked with the shared product rules (the server's texts) before anything is sent.
 */
export function ProductForm({ product, submitLabel, failureText, saving: busy, onSave }: ProductFormProps) {
  const [defaults] = useState<ProductDraft>(() => ({
    ...draftOf(product),
    images: (product?.productImageUrls ?? []).map((url) => newSlot({ kind: 'kept', url })),
  }));
  const form = useForm<ProductDraft, unknown, ProductSubmit>({
    defaultValues: defaults,
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, register, formState, setError, clearErrors } = form;
  const failure = formState.errors.root?.message ?? null;
  const errorOf: FieldErrorOf = (field) => formState.errors[field]?.message;
  const failureRef = useRef<HTMLParagraphElement>(null);
  const imagesRef = useRef<HTMLFieldSetElement | null>(null);
  const focusFailure = useRef(false);

  useEffect(() => {
    if (failure && focusFailure.current) failureRef.current?.focus();
    focusFailure.current = false;
  }, [failure]);

  const focusFirst = (errors: Partial<Record<ProductField, unknown>>) => {
    const first = PRODUCT_FIELDS.find((f) => errors[f] !== undefined);
    // The images fieldset: its first button (Replace image 1, or Add images).
    if (first === 'images') imagesRef.current?.querySelector<HTMLElement>('button')?.focus();
    else if (first) form.setFocus(first);
    return first;
  };
  // A field's error goes as soon as it is edited.
  const bind = (field: Exclude<ProductField, 'images'> | 'newArrival') => register(field, { onChange: () => clearErrors(field) });

  useEditClearsError(form);

  const submit = form.handleSubmit(async ({ values, images }) => {
    if (busy) return;
    try {
      await onSave(values, images);
    } catch (error) {
      const refused = await toApiFailure(error, failureText);
      const fieldErrors = errorsOf(refused.errors ?? []);
      setError('root', { type: 'server', message: refused.message });
      // A field the form's message already names is marked without a text of its own.
      for (const field of PRODUCT_FIELDS) {
        const text = fieldErrors[field];
        if (text !== undefined) setError(field, { type: 'server', message: text === refused.message ? '' : text });
      }
      // The message is not on screen yet: the effect on `failure` focuses it once it is.
      if (!focusFirst(fieldErrors)) focusFailure.current = true;
    }
  }, focusFirst);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      {failure && (
        <p ref={failureRef} id={FAILURE_ID} role="alert" tabIndex={-1} className={formAlert}>
          {failure}
        </p>
      )}
      <FormTextField
        control={control}
        name="name"
        id="product-name"
        label="Name"
        autoComplete="off"
        invalid={errorOf('name') !== undefined}
        describedBy={errorOf('name') === '' ? [FAILURE_ID] : []}
      />
      <div className={styles.fieldRow}>
        <NumberField field="price" label="Price (₵)" inputMode="decimal" step={0.01} registered={bind('price')} errorOf={errorOf} />
        <NumberField field="stock" label="Stock" inputMode="numeric" step={1} registered={bind('stock')} errorOf={errorOf} />
        <CategoryField registered={bind('category')} errorOf={errorOf} current={product?.category} />
      </div>
      <DetailFields bind={bind} errorOf={errorOf} />
      <ImagesField
        form={form}
        error={errorOf('images') === '' ? (failure ?? undefined) : errorOf('images')}
        ownError={Boolean(errorOf('images'))}
        disabled={busy}
        fieldsetRef={imagesRef}
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

interface ImagesFieldProps {
  form: UseFormReturn<ProductDraft, unknown, ProductSubmit>;
  error: string | undefined;
  ownError: boolean;
  disabled: boolean;
  fieldsetRef: RefObject<HTMLFieldSetElement | null>;
}

/** The images as the form's value; a refused file is the images' error, a file taken clears it. */
function ImagesField({ form, error, ownError, disabled, fieldsetRef }: ImagesFieldProps) {
  return (
    <Controller
      control={form.control}
      name="images"
      render={({ field }) => (
        <ImageSlots
          slots={field.value}
          onChange={field.onChange}
          error={error}
          ownError={ownError}
          onError={(message) => (message ? form.setError('images', { type: 'validate', message }) : form.clearErrors('images'))}
          disabled={disabled}
          fieldsetRef={(element) => {
            fieldsetRef.current = element;
          }}
        />
      )}
    />
  );
}

/**
 * The categories with a page in the shop (docs/decisions.md: "Others" is not offered). A product
 * still filed under another (one made before) keeps it as a choice, marked, until it is moved.
 */
function CategoryField({ registered, errorOf, current }: { registered: UseFormRegisterReturn; errorOf: FieldErrorOf; current: string | undefined }) {
  const kept = current && !SHOP_CATEGORIES.some((entry) => entry.category === current) ? current : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor="product-category" className={styles.label}>
        Category
      </label>
      <select {...registered} id="product-category" required className={styles.select} {...marksOf(errorOf, 'category')}>
        <option value="">Choose a category</option>
        {SHOP_CATEGORIES.map(({ category }) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
        {kept && <option value={kept}>{PRODUCT_TEXTS.categoryWithoutPage(kept)}</option>}
      </select>
      <ErrorText field="category" errorOf={errorOf} />
    </div>
  );
}

/** Most per order, the description and New Arrival. */
function DetailFields({ bind, errorOf }: { bind(field: 'maxPerOrder' | 'description' | 'newArrival'): UseFormRegisterReturn; errorOf: FieldErrorOf }) {
  return (
    <>
      <div className={styles.shortField}>
        <label htmlFor="product-max-per-order" className={styles.label}>
          Most per order
        </label>
        <input
          {...bind('maxPerOrder')}
          id="product-max-per-order"
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.maxQuantity}
          step={1}
          className={styles.input}
          {...marksOf(errorOf, 'maxPerOrder', true)}
        />
        <FieldNotes field="maxPerOrder" hint={PRODUCT_TEXTS.maxPerOrderHint} errorOf={errorOf} />
      </div>
      <div className={styles.field}>
        <label htmlFor="product-description" className={styles.label}>
          Description
        </label>
        <textarea {...bind('description')} id="product-description" className={styles.textarea} {...marksOf(errorOf, 'description', true)} />
        <FieldNotes field="description" hint={PRODUCT_TEXTS.descriptionHint} errorOf={errorOf} />
      </div>
      <label className={styles.checkboxLabel}>
        <input type="checkbox" {...bind('newArrival')} className={styles.checkbox} />
        New Arrival
      </label>
    </>
  );
}
