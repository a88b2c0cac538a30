import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { button } from '@/client/components/button';
import { RetryButton } from '@/client/components/retry-button';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import { toast } from '@/client/lib/toast';
import type { ProductFormValues } from '@/shared/schemas/products';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { addProductMutation } from '../api/add-product';
import { adminProductQuery } from '../api/get-product';
import { updateProductMutation } from '../api/update-product';
import { addProductForm, type ImageSource, updateProductForm } from '../lib/product-form-data';
import { PRODUCT_TEXTS } from '../texts';
import { ProductForm } from './product-form';
import * as formStyles from './product-form.css';
import * as styles from './products.css';

/** /admin/products/add: POST /addProduct, then 'Product added successfully!' and back to the list. */
export function AddProductPage() {
  usePageTitle('Add Product - Admin');
  const navigate = useNavigate();
  const add = useMutation(addProductMutation());

  const save = async (values: ProductFormValues, images: ImageSource[]) => {
    await add.mutateAsync(addProductForm(values, images));
    toast.success(SERVER_MESSAGES.productAdded);
    await navigate({ to: '/admin/products' });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Add Product</h1>
      <div className={formStyles.card}>
        <ProductForm submitLabel="Add Product" failureText={PRODUCT_TEXTS.addFailed} saving={add.isPending || add.isSuccess} onSave={save} />
      </div>
    </div>
  );
}

/**
 * /admin/products/edit/{id}: loads the product (GET /getSingleProductById), shows it in the same
 * form, and saves with PATCH /updateProductInfo (the images in their new order).
 */
export function EditProductPage({ productId }: { productId: string }) {
  usePageTitle('Edit Product - Admin');
  const navigate = useNavigate();
  const query = useQuery(adminProductQuery(productId));
  // A copy kept from an earlier visit waits for the refetch it started: the form starts from the
  // product (its stock above all) as the server has it now, and is not saved back over it.
  const current = !query.isStale || query.isFetchedAfterMount || !query.isFetching;
  const product = current ? query.data : undefined;
  // Data wins over a failed refetch; a failure shows once no fetch is out.
  const failure = current && product === undefined && !query.isFetching ? query.error : null;
  const reload = () => void query.refetch();
  const update = useMutation(updateProductMutation());

  const save = async (values: ProductFormValues, images: ImageSource[]) => {
    await update.mutateAsync({ id: productId, form: updateProductForm(values, images) });
    toast.success(SERVER_MESSAGES.productUpdated);
    await navigate({ to: '/admin/products' });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Edit Product</h1>
      {product ? (
        <div className={formStyles.card}>
          <ProductForm
            product={product}
            submitLabel="Save Changes"
            failureText={PRODUCT_TEXTS.updateFailed}
            saving={update.isPending || update.isSuccess}
            onSave={save}
          />
        </div>
      ) : failure ? (
        <div className={styles.failure}>
          <p role="alert" className={styles.lead}>
            {failure.status === 404 ? PRODUCT_TEXTS.notFound : PRODUCT_TEXTS.fetchOneFailed}
          </p>
          {failure.status === 404 ? (
            <Link to="/admin/products" className={button({ tone: 'quiet' })}>
              Back to Products
            </Link>
          ) : (
            <RetryButton onRetry={reload} />
          )}
        </div>
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}

/** The form's shape while the product loads. */
function FormSkeleton() {
  return (
    <div className={formStyles.card}>
      <p role="status" className="visually-hidden">
        {PRODUCT_TEXTS.loadingOne}
      </p>
      <div className={formStyles.skeleton} aria-hidden="true">
        <Skeleton width="4rem" height="1rem" />
        <Skeleton height="44px" />
        <div className={formStyles.fieldRow}>
          <Skeleton height="70px" />
          <Skeleton height="70px" />
          <Skeleton height="70px" />
        </div>
        <Skeleton height="140px" />
        <div className={formStyles.slots}>
          <Skeleton height="220px" />
          <Skeleton height="220px" />
        </div>
        <Skeleton width="10rem" height="44px" />
      </div>
    </div>
  );
}
