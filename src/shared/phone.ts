/** Ghana phone: `+233` and 9 digits, or exactly 10 digits (spec section 5). Spaces are ignored. */
export function isGhanaPhone(input: string): boolean {
  const compact = input.replace(/\s+/g, '');
  return /^\+233\d{9}$/.test(compact) || /^\d{10}$/.test(compact);
}
