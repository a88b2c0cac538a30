import { type Context, Hono } from 'hono';
import { lowStockQuerySchema, productFormSchema, productUpdateSchema } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, DataAnswer, MessageAnswer, Product } from '@/shared/types';
import { badRequest } from '../errors';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { parseWith, queryOf, readForm } from '../http/validate';
import { addProduct, deleteProduct, type ImageUpload, lowStockProducts, updateProduct } from '../services/catalogue/admin-products';

const NOT_MULTIPART = 'Send the product as multipart/form-data.';
const UNREADABLE_FORM = 'The form data could not be read. Send the product as multipart/form-data.';
const IMAGES_NOT_FILES = 'Send images as files in the images field; list the images to keep in existingImages.';
const BAD_EXISTING = 'existingImages must list image URLs: repeated fields or one JSON array.';

/** Fields that are not product text. `productId` (sent by the spec's edit form) is ignored: the URL decides. */
const NOT_TEXT = new Set(['images', 'images[]', 'existingImages', 'existingImages[]', 'productId']);

type FormValue = string | File;

interface ProductForm {
  fields: Record<string, unknown>;
  files: ImageUpload[];
  /** Undefined when the form has no existingImages field. */
  existingImages: string[] | undefined;
}

const isFile = (value: unknown): value is File => typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';

function valuesOf(body: Record<string, FormValue | FormValue[]>, ...keys: string[]): FormValue[] | undefined {
  let found: FormValue[] | undefined;
  for (const key of keys) {
    const value = body[key];
    if (value !== undefined) found = [...(found ?? []), ...(Array.isArray(value) ? value : [value])];
  }
  return found;
}

/** Repeated fields, or one field holding a JSON array (what a `FormData` built in script often sends). */
function readExistingImages(values: FormValue[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const texts = values.map((value) => {
    if (typeof value !== 'string') throw badRequest(BAD_EXISTING);
    return value;
  });
  const only = texts.length === 1 ? texts[0]?.trim() : undefined;
  if (only?.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(only);
    } catch {
      throw badRequest(BAD_EXISTING);
    }
    if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === 'string')) throw badRequest(BAD_EXISTING);
    return parsed;
  }
  return texts;
}

/**
 * The multipart product form: text fields (a repeated one counts by its last value, as a checkbox
 * after its hidden default), `images` files in order, and `existingImages` on edits.
 */
async function readProductForm(c: Context<AppEnv>): Promise<ProductForm> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw badRequest(NOT_MULTIPART);
  const body = await readForm(c, UNREADABLE_FORM);

  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!NOT_TEXT.has(key)) fields[key] = Array.isArray(value) ? value.at(-1) : value;
  }

  const files: ImageUpload[] = [];
  for (const value of valuesOf(body, 'images', 'images[]') ?? []) {
    if (isFile(value)) {
      // A file input left empty is sent as a nameless empty file: it is no image at all.
      if (value.size === 0 && value.name === '') continue;
      files.push(value);
    } else if (value.trim() !== '') {
      throw badRequest(IMAGES_NOT_FILES);
    }
  }

  return { fields, files, existingImages: readExistingImages(valuesOf(body, 'existingImages', 'existingImages[]')) };
}

/** Admin: add, edit and delete products with their images; low stock. Every route is admin-only. */
export function adminProductRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .post('/addProduct', admin, async (c) => {
      const form = await readProductForm(c);
      const input = parseWith(productFormSchema, form.fields);
      const product = await addProduct(deps.db, deps.imageStore, input, form.files, deps.clock());
      return c.json({ message: SERVER_MESSAGES.productAdded, data: product } satisfies ChangeAnswer<Product>, 201);
    })
    .patch('/updateProductInfo/:id', admin, async (c) => {
      const form = await readProductForm(c);
      const input = parseWith(productUpdateSchema, form.fields);
      const product = await updateProduct(deps.db, deps.imageStore, c.req.param('id'), input, form.files, form.existingImages, deps.clock());
      return c.json({ message: SERVER_MESSAGES.productUpdated, data: product } satisfies ChangeAnswer<Product>);
    })
    .delete('/deleteProduct/:id', admin, async (c) => {
      await deleteProduct(deps.db, c.req.param('id'), deps.imageStore);
      return c.json({ message: SERVER_MESSAGES.productDeleted } satisfies MessageAnswer);
    })
    .get('/getLowStockProducts', admin, queryOf(lowStockQuerySchema), async (c) => {
      const { threshold } = c.req.valid('query');
      return c.json({ data: await lowStockProducts(deps.db, threshold) } satisfies DataAnswer<Product[]>);
    });
}
