import { Link } from '@tanstack/react-router';
import { useDocumentHead } from '../lib/head';
import { useHttpStatus } from '../lib/page-context';

export function NotFound() {
  // An address no route knows: the server answers it with this page and 404.
  useHttpStatus(404);
  useDocumentHead({ page: 'Page not found', description: "The page you are looking for doesn't exist or has been moved." });
  return (
    <section style={{ padding: '48px 16px', textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>The page you are looking for doesn't exist or has been moved.</p>
      <Link to="/">Return to Home</Link>
    </section>
  );
}
