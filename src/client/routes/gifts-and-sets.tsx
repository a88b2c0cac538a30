import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/gifts-and-sets')({
  component: GiftsPage,
});

function GiftsPage() {
  return <h1>/gifts-and-sets</h1>;
}
