import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/natural-oils')({
  component: NaturalOilsPage,
});

function NaturalOilsPage() {
  return <h1>/natural-oils</h1>;
}
