/**
 * A wa.me link that opens a chat with the shop (its number from whatsappNumber in
 * lib/queries/settings.ts) with the shopper's first message written for them: they can change it
 * before sending. The floating chat link and the search's no-results page use it.
 */
export function whatsappChatUrl(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
