/** Money is integer pesewas inside, cedis with two decimals on the wire (ARCHITECTURE section 4). */
export function toPesewas(cedis: number): number {
  return Math.round(cedis * 100);
}

export function toCedis(pesewas: number): number {
  return Math.round(pesewas) / 100;
}

const cediFormat = new Intl.NumberFormat('en-GH', {
  style: 'currency',
  currency: 'GHS',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₵1,234.50`. Intl prints `GH₵` for en-GH, so the currency part is replaced through formatToParts. */
export function formatCedis(cedis: number): string {
  return cediFormat
    .formatToParts(cedis)
    .map((part) => (part.type === 'currency' ? '₵' : part.value))
    .join('')
    .replace(/\s/g, '');
}

/** The discount in pesewas, rounded to the nearest pesewa; orders and the promo box share it. */
export function discountFor(subtotalPesewas: number, percent: number): number {
  return Math.round((subtotalPesewas * percent) / 100);
}
