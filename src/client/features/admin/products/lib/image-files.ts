import { LIMITS } from '@/shared/constants';
import { SERVER_MESSAGES } from '@/shared/server-messages';

/** What the server can read (it checks the bytes again); the file input offers only these. */
const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Why a chosen file cannot be a product image (the server's texts), or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return SERVER_MESSAGES.notAnImage;
  if (file.size > LIMITS.maxImageBytes) return SERVER_MESSAGES.imageTooLarge;
  if (file.size === 0) return SERVER_MESSAGES.notAnImage;
  return null;
}
