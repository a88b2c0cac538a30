// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: there the category select loses its value and the multipart body differs (four tests fail).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProductQuery } from '@/client/features/admin/products/api/get-product';
import { AddProductPage, EditProductPage } from '@/client/features/admin/products/components/product-form-pages';
import { configureHttp } from '@/client/lib/http';
import { queryClient } from '@/client/lib/query-client';
import { imageFile, mockProductApi, nodeFormData } from './admin-products-multipart';
import { deferred, json } from './api-mock';
import { freshStoresAndStorage, makeProduct } from './fixtures';
import { renderWithRouter } from './render';

freshStoresAndStorage();
nodeFormData();

let revoked: string[] = [];
beforeEach(() => {
  configureHttp({ token: () => 'tok-admin', unauthorized: () => {} });
  // A preview's URL names its file, so a test sees which preview is where and which were let go.
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  revoked = [];
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
});

const FIVE_MB = 5 * 1024 * 1024;

/** The Add Product page at /admin/products/add, and an admin typing without delays. */
async function openAddProduct() {
  const user = userEvent.setup({ delay: null });
  await renderWithRouter(<AddProductPage />, { path: '/admin/products/add' });
  return user;
}

const addImages = () => screen.getByLabelText('Image files to add');
const previews = () =>
  within(screen.getByRole('list', { name: 'Product images' }))
    .queryAllByRole('img')
    .map((img) => img.getAttribute('src'));

async function fillFields(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; price?: string; stock?: string; category?: string; description?: string },
) {
  if (values.name !== undefined) await user.type(screen.getByRole('textbox', { name: 'Name' }), values.name);
  if (values.price !== undefined) await user.type(screen.getByRole('spinbutton', { name: 'Price (₵)' }), values.price);
  if (values.stock !== undefined) await user.type(screen.getByRole('spinbutton', { name: 'Stock' }), values.stock);
  if (values.category !== undefined) await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), values.category);
  if (values.description !== undefined) await user.type(screen.getByRole('textbox', { name: 'Description' }), values.description);
}

const validFields = { name: 'Shea Butter', price: '45.50', stock: '12', category: 'Skin', description: 'From Tamale.' };

// Typing into many fields takes a few seconds on a busy machine.
const SLOW = { timeout: 15_000 };

describe('the product form refuses what the shop cannot take', SLOW, () => {
  it('names every missing field with the shared texts, focuses Name, and sends nothing', async () => {
    const calls = mockProductApi({});
    const user = await openAddProduct();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Add Product - Admin - Nkuto Naturals'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Product name is required');
    expect(screen.getByRole('spinbutton', { name: 'Price (₵)' })).toHaveAccessibleDescription('Price must be a number of 0 or more.');
    expect(screen.getByRole('spinbutton', { name: 'Stock' })).toHaveAccessibleDescription('Stock must be a whole number of 0 or more.');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Please choose a category.');
    expect(screen.getByText('At least the first product image is required.')).toBeInTheDocument();
    for (const field of [name, screen.getByRole('spinbutton', { name: 'Stock' }), screen.getByRole('combobox', { name: 'Category' })]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    // Description is optional.
    expect(screen.getByRole('textbox', { name: 'Description' })).not.toHaveAttribute('aria-invalid');
    expect(calls).toEqual([]);

    // An error goes as soon as its field is edited.
    await user.type(name, 'Shea');
    expect(screen.queryByText('Product name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Price must be a number of 0 or more.')).toBeInTheDocument();
  });

  it('refuses a negative price or one with three decimals, and stock that is negative or not whole; the first one refused has the focus', async () => {
    const calls = mockProductApi({ 'POST addProduct': () => json({ message: 'Product added successfully!', data: makeProduct() }, 201) });
    const user = await openAddProduct();
    await fillFields(user, { name: 'Shea', price: '4.555', stock: '1.5', category: 'Skin' });
    await user.upload(addImages(), imageFile('shea.png'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const price = screen.getByRole('spinbutton', { name: 'Price (₵)' });
    const stock = screen.getByRole('spinbutton', { name: 'Stock' });
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAccessibleDescription('Price must be a number of 0 or more.');
    expect(stock).toHaveAccessibleDescription('Stock must be a whole number of 0 or more.');
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');

    await user.clear(price);
    await user.type(price, '-1');
    await user.clear(stock);
    await user.type(stock, '-3');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // The form library validates after the click's own turn: wait for its answer.
    await waitFor(() => expect(price).toHaveAccessibleDescription('Price must be a number of 0 or more.'));
    expect(stock).toHaveAccessibleDescription('Stock must be a whole number of 0 or more.');
    expect(calls).toEqual([]);

    // 0 is a price and a stock.
    await user.clear(price);
    await user.type(price, '0');
    await user.clear(stock);
    await user.type(stock, '0');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual(['POST addProduct']));
  });

  it('needs the first image: the images take the focus when only they are missing', async () => {
    const calls = mockProductApi({});
    const user = await openAddProduct();
    await fillFields(user, validFields);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('At least the first product image is required.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Images' })).toHaveAccessibleDescription(expect.stringContaining('At least the first product image is required.'));
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveFocus();
    expect(calls).toEqual([]);

    await user.upload(addImages(), imageFile('shea.png'));
    expect(screen.queryByText('At least the first product image is required.')).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MB and a file that is not a JPEG, PNG or WebP image, keeping none of them', async () => {
    mockProductApi({});
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await renderWithRouter(<AddProductPage />, { path: '/admin/products/add' });

    await user.upload(addImages(), imageFile('huge.jpg', { type: 'image/jpeg', bytes: FIVE_MB + 1 }));
    expect(screen.getByText('Each image must be at most 5 MB.')).toBeInTheDocument();
    expect(previews()).toEqual([]);

    await user.upload(addImages(), [imageFile('ok.png'), imageFile('notes.pdf', { type: 'application/pdf' })]);
    expect(screen.getByText('The file is not an image we can read. Use JPEG, PNG or WebP.')).toBeInTheDocument();
    expect(previews()).toEqual([]);

    // Exactly 5 MB is allowed.
    await user.upload(addImages(), imageFile('max.webp', { type: 'image/webp', bytes: FIVE_MB }));
    expect(previews()).toEqual(['blob:max.webp']);
    expect(screen.queryByText('Each image must be at most 5 MB.')).not.toBeInTheDocument();
  });

  it('refuses more than 4 images, at once or in turns; with 4 there is no Add images any more', async () => {
    mockProductApi({});
    const user = await openAddProduct();

    await user.upload(
      addImages(),
      ['1', '2', '3', '4', '5'].map((n) => imageFile(`${n}.png`)),
    );
    expect(screen.getByText('A product can have at most 4 images.')).toBeInTheDocument();
    expect(previews()).toEqual([]);

    await user.upload(
      addImages(),
      ['a', 'b', 'c'].map((n) => imageFile(`${n}.png`)),
    );
    expect(previews()).toEqual(['blob:a.png', 'blob:b.png', 'blob:c.png']);
    await user.upload(
      addImages(),
      ['d', 'e'].map((n) => imageFile(`${n}.png`)),
    );
    expect(screen.getByText('A product can have at most 4 images.')).toBeInTheDocument();
    expect(previews()).toEqual(['blob:a.png', 'blob:b.png', 'blob:c.png']);

    await user.upload(addImages(), imageFile('d.png'));
    expect(previews()).toEqual(['blob:a.png', 'blob:b.png', 'blob:c.png', 'blob:d.png']);
    expect(screen.queryByRole('button', { name: 'Add images' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Image files to add')).not.toBeInTheDocument();
  });
});

describe('adding a product', SLOW, () => {
  it('sends the fields and the images in their final order after move, remove and replace; then the toast and the list', async () => {
    const calls = mockProductApi({ 'POST addProduct': () => json({ message: 'Product added successfully!', data: makeProduct() }, 201) });
    const user = await openAddProduct();
    await fillFields(user, validFields);
    await user.click(screen.getByRole('checkbox', { name: 'New Arrival' }));
    await user.upload(addImages(), [imageFile('a.png'), imageFile('b.jpg', { type: 'image/jpeg' }), imageFile('c.webp', { type: 'image/webp' })]);
    expect(previews()).toEqual(['blob:a.png', 'blob:b.jpg', 'blob:c.webp']);
    expect(screen.getByRole('button', { name: 'Move left: image 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move right: image 3' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move right: image 1' }));
    expect(previews()).toEqual(['blob:b.jpg', 'blob:a.png', 'blob:c.webp']);
    // The focus follows the image that moved.
    expect(screen.getByRole('button', { name: 'Move right: image 2' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    expect(previews()).toEqual(['blob:b.jpg', 'blob:a.png']);
    expect(revoked).toContain('blob:c.webp');

    await user.click(screen.getByRole('button', { name: 'Replace image 2' }));
    await user.upload(screen.getByLabelText('Replacement file for image 2'), imageFile('d.png'));
    expect(previews()).toEqual(['blob:b.jpg', 'blob:d.png']);
    expect(revoked).toContain('blob:a.png');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(screen.getByTestId('navigated')).toHaveTextContent('/admin/products');
    expect(calls).toEqual([
      {
        key: 'POST addProduct',
        authorization: 'Bearer tok-admin',
        body: [
          ['name', 'Shea Butter'],
          ['description', 'From Tamale.'],
          ['category', 'Skin'],
          ['price', '45.5'],
          ['stock', '12'],
          ['maxPerOrder', ''],
          ['newArrival', 'true'],
          ['images', 'file:b.jpg'],
          ['images', 'file:d.png'],
        ],
      },
    ]);
    // The page is gone: its previews were let go.
    expect(revoked).toEqual(expect.arrayContaining(['blob:b.jpg', 'blob:d.png']));
  });

  it('waits with the button disabled while saving, then shows the server’s message, else "Failed to add product"', async () => {
    const answer = deferred();
    let fails = 0;
    const calls = mockProductApi({
      'POST addProduct': () => {
        fails += 1;
        if (fails === 1) return answer.promise;
        throw new TypeError('Failed to fetch');
      },
    });
    const user = await openAddProduct();
    await fillFields(user, validFields);
    await user.upload(addImages(), imageFile('shea.png'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(calls).toHaveLength(1);

    answer.resolve(json({ message: 'The file is not an image we can read. Use JPEG, PNG or WebP.' }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not an image we can read. Use JPEG, PNG or WebP.');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeEnabled();
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to add product'));
    expect(calls).toHaveLength(2);
  });

  it('marks the field the server refused', async () => {
    const message = 'Please choose a category.';
    mockProductApi({ 'POST addProduct': () => json({ message, errors: [{ path: ['category'], message }] }, 400) });
    const user = await openAddProduct();
    await fillFields(user, validFields);
    await user.upload(addImages(), imageFile('shea.png'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const category = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(category).toHaveFocus());
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveAccessibleDescription(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});

describe('most per order', SLOW, () => {
  const mostPerOrder = () => screen.getByRole('spinbutton', { name: 'Most per order' });

  it('is optional, 1 to 100, with its hint; a number given is sent as maxPerOrder', async () => {
    const calls = mockProductApi({ 'POST addProduct': () => json({ message: 'Product added successfully!', data: makeProduct() }, 201) });
    const user = await openAddProduct();
    const input = mostPerOrder();
    expect(input).toHaveValue(null);
    expect(input).not.toBeRequired();
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '100');
    expect(input).toHaveAccessibleDescription('Leave empty for no limit beyond stock.');

    await fillFields(user, validFields);
    await user.upload(addImages(), imageFile('shea.png'));
    await user.type(input, '101');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Most per order must be a whole number from 1 to 100, or left empty. Leave empty for no limit beyond stock.');
    expect(calls).toEqual([]);

    await user.clear(input);
    await user.type(input, '3');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toContainEqual(['maxPerOrder', '3']);
  });

  it("shows the server's refusal under the field", async () => {
    const message = 'Most per order must be a whole number from 1 to 100, or left empty.';
    mockProductApi({ 'POST addProduct': () => json({ message, errors: [{ path: ['maxPerOrder'], message }] }, 400) });
    const user = await openAddProduct();
    await fillFields(user, validFields);
    await user.type(mostPerOrder(), '5');
    await user.upload(addImages(), imageFile('shea.png'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const input = mostPerOrder();
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(`${message} Leave empty for no limit beyond stock.`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it("shows the product's limit when editing; emptied, it is sent empty (no limit any more)", async () => {
    const limited = makeProduct({ _id: 'p-oil', name: 'Baobab Oil', stock: 40, maxPerOrder: 4 });
    const calls = mockProductApi({
      'GET getSingleProductById/p-oil': () => json({ data: limited }),
      'PATCH updateProductInfo/p-oil': () => json({ message: 'Product updated successfully', data: { ...limited, maxPerOrder: null } }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<EditProductPage productId="p-oil" />, { path: '/admin/products/edit/p-oil' });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(mostPerOrder()).toHaveValue(4);

    await user.clear(mostPerOrder());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(calls.at(-1)?.key).toBe('PATCH updateProductInfo/p-oil');
    expect(calls.at(-1)?.body).toContainEqual(['maxPerOrder', '']);
  });
});

describe('the categories offered', SLOW, () => {
  const categoriesOffered = () =>
    within(screen.getByRole('combobox', { name: 'Category' }))
      .getAllByRole('option')
      .map((o) => o.textContent);

  it('are the five with a page in the shop: no "Others" for a new product', async () => {
    await openAddProduct();
    expect(categoriesOffered()).toEqual(['Choose a category', 'Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils']);
  });

  it('keep a product still filed under "Others" as it is, marked, until it is moved', async () => {
    const other = makeProduct({ _id: 'p-loofah', name: 'Loofah Sponge', category: 'Others' });
    mockProductApi({ 'GET getSingleProductById/p-loofah': () => json({ data: other }) });
    await renderWithRouter(<EditProductPage productId="p-loofah" />, { path: '/admin/products/edit/p-loofah' });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Others');
    expect(categoriesOffered()).toEqual([
      'Choose a category',
      'Hair',
      'Skin',
      'Cleansers',
      'Gifts and Sets',
      'Natural Oils',
      'Others (no page in the shop: choose another)',
    ]);
  });
});

describe('editing a product', SLOW, () => {
  const product = makeProduct({
    _id: 'p-shea',
    name: 'Raw Shea Butter',
    description: 'Unrefined.',
    category: 'Natural Oils',
    price: 45.5,
    stock: 7,
    newArrival: true,
    productImageUrls: ['/uploads/one-640.webp', '/uploads/two-640.webp', '/uploads/three-640.webp'],
  });

  it('loads the product into the form, and sends kept images by URL and new files as new:N in the final order', async () => {
    const load = deferred();
    const calls = mockProductApi({
      'GET getSingleProductById/p-shea': () => load.promise,
      'PATCH updateProductInfo/p-shea': () => json({ message: 'Product updated successfully', data: product }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<EditProductPage productId="p-shea" />, { path: '/admin/products/edit/p-shea' });
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');

    load.resolve(json({ data: product }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Raw Shea Butter');
    expect(screen.getByRole('spinbutton', { name: 'Price (₵)' })).toHaveValue(45.5);
    expect(screen.getByRole('spinbutton', { name: 'Stock' })).toHaveValue(7);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Natural Oils');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Unrefined.');
    expect(screen.getByRole('checkbox', { name: 'New Arrival' })).toBeChecked();
    expect(previews()).toEqual(['/uploads/one-640.webp', '/uploads/two-640.webp', '/uploads/three-640.webp']);

    await user.click(screen.getByRole('button', { name: 'Replace image 1' }));
    await user.upload(screen.getByLabelText('Replacement file for image 1'), imageFile('fresh.png'));
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(screen.getByRole('button', { name: 'Move left: image 2' }));
    await user.upload(addImages(), imageFile('extra.webp', { type: 'image/webp' }));
    expect(previews()).toEqual(['/uploads/three-640.webp', 'blob:fresh.png', 'blob:extra.webp']);
    await user.clear(screen.getByRole('spinbutton', { name: 'Stock' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Stock' }), '20');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(screen.getByTestId('navigated')).toHaveTextContent('/admin/products');
    expect(calls.at(-1)).toEqual({
      key: 'PATCH updateProductInfo/p-shea',
      authorization: 'Bearer tok-admin',
      body: [
        ['name', 'Raw Shea Butter'],
        ['description', 'Unrefined.'],
        ['category', 'Natural Oils'],
        ['price', '45.5'],
        ['stock', '20'],
        ['maxPerOrder', ''],
        ['newArrival', 'true'],
        ['existingImages', JSON.stringify(['/uploads/three-640.webp', 'new:0', 'new:1'])],
        ['images', 'file:fresh.png'],
        ['images', 'file:extra.webp'],
      ],
    });
  });

  it('starts from the product as the server has it now: a copy kept from an earlier visit waits for the fresh one', async () => {
    const load = deferred();
    mockProductApi({ 'GET getSingleProductById/p-shea': () => load.promise });
    // Opened a minute ago; orders have taken stock since.
    queryClient.setQueryData(adminProductQuery('p-shea').queryKey, { ...product, stock: 30 }, { updatedAt: Date.now() - 60_000 });
    await renderWithRouter(<EditProductPage productId="p-shea" />, { path: '/admin/products/edit/p-shea' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading product');
    expect(screen.queryByRole('spinbutton', { name: 'Stock' })).not.toBeInTheDocument();

    load.resolve(json({ data: product }));
    expect(await screen.findByRole('spinbutton', { name: 'Stock' })).toHaveValue(7);
  });

  it('refuses to save with every image removed', async () => {
    const calls = mockProductApi({ 'GET getSingleProductById/p-shea': () => json({ data: { ...product, productImageUrls: ['/uploads/one-640.webp'] } }) });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<EditProductPage productId="p-shea" />, { path: '/admin/products/edit/p-shea' });
    await user.click(await screen.findByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByRole('button', { name: 'Add images' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('At least the first product image is required.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET getSingleProductById/p-shea']);
  });

  it('says "Failed to update product" when the save fails without a message', async () => {
    mockProductApi({ 'GET getSingleProductById/p-shea': () => json({ data: product }) });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<EditProductPage productId="p-shea" />, { path: '/admin/products/edit/p-shea' });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update product');
    // The message takes the focus once it is shown (an effect after the render that shows it).
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it('says "Product not found" for a missing product, and "Failed to fetch product" for any other failure', async () => {
    mockProductApi({
      'GET getSingleProductById/gone': () => json({ message: 'Product not found.' }, 404),
      'GET getSingleProductById/p-shea': () => json({ message: 'Something went wrong.' }, 503),
    });
    const first = await renderWithRouter(<EditProductPage productId="gone" />, { path: '/admin/products/edit/gone' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Product not found$/);
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/admin/products');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    first.unmount();

    await renderWithRouter(<EditProductPage productId="p-shea" />, { path: '/admin/products/edit/p-shea' });
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(/^Failed to fetch product$/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
