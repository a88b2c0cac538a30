import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/skin')({
  component: SkinPage,
});

function SkinPage() {
  return <h1>/skin</h1>;
}
