import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/order/$id')({
  component: OrderPage,
});

function OrderPage() {
  const { id } = Route.useParams();
  return <h1>{id}</h1>;
}
