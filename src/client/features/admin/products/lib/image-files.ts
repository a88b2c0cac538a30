import { LIMITS } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';

/** What the server can read (it checks the bytes again); the file input offers only these. */
const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Why a chosen file cannot be a product image (the server's texts), or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.notAnImage;
  if (file.size > LIMITS.maxImageBytes) return MESSAGES.imageTooLarge;
  if (file.size === 0) return MESSAGES.notAnImage;
  return null;
}
