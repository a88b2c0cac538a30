import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/products')({
  component: ProductsPage,
});

function ProductsPage() {
  return <h1>/products</h1>;
}
