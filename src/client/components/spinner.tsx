import { spinner } from './primitives.css';

export function Spinner({ label = 'Saving' }: { label?: string }) {
  return <span className={spinner} role="status" aria-label={label} />;
}
