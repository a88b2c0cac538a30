import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/hair')({
  component: HairPage,
});

function HairPage() {
  return <h1>/hair</h1>;
}
