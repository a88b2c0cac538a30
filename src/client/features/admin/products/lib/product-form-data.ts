import type { ProductFormValues } from '@/shared/schemas/products';

/** Up to 4 images of 5 MB on slow mobile data take longer than the client's usual 20 s. */
export const IMAGE_UPLOAD_TIMEOUT_MS = 180_000;

/** One image of the form, in display order: one the product already has (its URL), or a file chosen now. */
export type ImageSource = { kind: 'kept'; url: string } | { kind: 'new'; file: File };

/** The product's text fields as the multipart form sends them (the server reads strings). */
function appendFields(form: FormData, values: ProductFormValues): void {
  form.append('name', values.name);
  form.append('description', values.description);
  form.append('category', values.category);
  form.append('price', String(values.price));
  form.append('stock', String(values.stock));
  // Empty: no limit of its own (on edit it clears one set before).
  form.append('maxPerOrder', values.maxPerOrder === null ? '' : String(values.maxPerOrder));
  form.append('newArrival', String(values.newArrival));
}

/** POST /addProduct: the fields, then every image as an `images` file in display order. */
export function addProductForm(values: ProductFormValues, images: readonly ImageSource[]): FormData {
  const form = new FormData();
  appendFields(form, values);
  for (const image of images) if (image.kind === 'new') form.append('images', image.file);
  return form;
}

/**
 * PATCH /updateProductInfo/{id}: the fields, `existingImages` as one JSON array giving the final
 * order (a kept image by its URL, the N-th uploaded file as `new:N`), then the new files as
 * `images` in the order their placeholders number them. Always sent, so an image left out is dropped.
 */
export function updateProductForm(values: ProductFormValues, images: readonly ImageSource[]): FormData {
  const form = new FormData();
  appendFields(form, values);
  const files: File[] = [];
  const order = images.map((image) => {
    if (image.kind === 'kept') return image.url;
    files.push(image.file);
    return `new:${files.length - 1}`;
  });
  form.append('existingImages', JSON.stringify(order));
  for (const file of files) form.append('images', file);
  return form;
}
