import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/our-brand')({
  component: OurBrandPage,
});

function OurBrandPage() {
  return <h1>/our-brand</h1>;
}
