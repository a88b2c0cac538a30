/** Ghana phone: `+233` and 9 digits, or exactly 10 digits (spec section 5). Spaces are ignored. */
export function isGhanaPhone(input: string): boolean {
  const compact = input.replace(/\s+/g, '');
  return /^\+233\d{9}$/.test(compact) || /^\d{10}$/.test(compact);
}

/** A Ghana phone as E.164 (`+233` and 9 digits): the form SMS gateways and the owner's alert list take. */
export function toGhanaE164(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return compact.startsWith('+233') ? compact : `+233${compact.slice(1)}`;
}
