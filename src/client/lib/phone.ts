/**
 * An account's phone as the server keeps it (`+233` and 9 digits) as a Ghanaian writes it,
 * `024 123 4567`; anything else as it is.
 */
export function localPhone(phone: string): string {
  const parts = /^\+233(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return parts ? `0${parts[1]} ${parts[2]} ${parts[3]}` : phone;
}
