import { createFileRoute } from '@tanstack/react-router';
import { AddProductPage } from '../features/admin/products/components/product-form-pages';

export const Route = createFileRoute('/admin/products/add')({
  component: AddProductPage,
});
