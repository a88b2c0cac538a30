import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/cleansers')({
  component: CleansersPage,
});

function CleansersPage() {
  return <h1>/cleansers</h1>;
}
