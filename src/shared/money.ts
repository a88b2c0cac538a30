/** Money is integer pesewas inside, cedis with two decimals on the wire (ARCHITECTURE section 4). */
export function toPesewas(cedis: number): number {
  return Math.round(cedis * 100);
}

export function toCedis(pesewas: number): number {
  return Math.round(pesewas) / 100;
}

/**
 * `₵1,234.50`: what Intl's en-GH currency format prints (`GH₵1,234.50`) with the shop's sign, written
 * by hand. Building that Intl format loads the locale's data: some 30 ms on a fast machine, a 120 ms
 * task on a 4x-slowed phone in the middle of the app's start (issue 44). Rounded as Intl rounds: the
 * number as written (`0.015`, not the binary value just under it) to the nearest pesewa, a half away
 * from zero; a negative that rounds to zero keeps its sign.
 */
export function formatCedis(cedis: number): string {
  const written = String(Math.abs(cedis));
  // `1e-7` (a float's leftover): no decimal point to move, and nothing to round up.
  const pesewas = written.includes('e') ? Math.round(Math.abs(cedis) * 100) : Math.round(Number(`${written}e2`));
  const whole = String(Math.floor(pesewas / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cedis < 0 || Object.is(cedis, -0) ? '-' : ''}₵${whole}.${String(pesewas % 100).padStart(2, '0')}`;
}

/** The discount in pesewas, rounded to the nearest pesewa; orders and the promo box share it. */
export function discountFor(subtotalPesewas: number, percent: number): number {
  return Math.round((subtotalPesewas * percent) / 100);
}
