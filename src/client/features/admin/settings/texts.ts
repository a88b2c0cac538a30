import { LIMITS } from '@/shared/constants';

/**
 * Texts only the settings screen uses (the spec has none for these cases). Kept here rather than in
 * shared/messages.ts: the server never sends them.
 */
export const SETTINGS_TEXTS = {
  loadFailed: 'Failed to fetch settings',
  loading: 'Loading shop settings',
  saveFailed: 'Failed to update settings',
  passwordFailed: 'Failed to change password',
  logoHint: `An image file (JPEG, PNG or WebP), at most ${LIMITS.maxImageBytes / 1024 / 1024} MB.`,
  noLogo: 'No logo yet.',
  whatsappHint: 'With the country code, e.g. +233 24 123 4567. Leave blank to use the shop phone.',
  socialsHint: 'Full https:// addresses. Leave a link blank to hide it.',
  newPasswordHint: `At least ${LIMITS.minPasswordLength} characters.`,
} as const;
