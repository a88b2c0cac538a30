import { formatCedis } from '@/shared/money';

/** A price as the shop shows it everywhere: `₵1,234.50`. */
export function Price({ value, className }: { value: number; className?: string }) {
  return <span className={className}>{formatCedis(value)}</span>;
}
