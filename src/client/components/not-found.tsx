import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <section style={{ padding: '48px 16px', textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>The page you are looking for doesn't exist or has been moved.</p>
      <Link to="/">Return to Home</Link>
    </section>
  );
}
