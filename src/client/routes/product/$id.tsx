import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/product/$id')({
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  return <h1>{id}</h1>;
}
