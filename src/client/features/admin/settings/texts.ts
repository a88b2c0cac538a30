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
  // Alerts for the owner
  alertsIntro: 'Only you see these. Shoppers never do.',
  alertsLoading: 'Loading alert settings',
  alertsLoadFailed: 'Failed to fetch alert settings',
  alertsSaveFailed: 'Failed to save alert settings',
  alertsCheck: 'Some phones or e-mails are not right: see below.',
  // Up to 5: MAX_ALERT_CONTACTS, not imported (this file goes with the route tree, the schemas do not).
  alertPhonesHint: 'One a line, up to 5: Ghana numbers, e.g. 024 123 4567 or +233 24 123 4567. Alerts go by SMS.',
  alertEmailsHint: 'One a line, up to 5.',
  alertKinds: 'Send alerts for',
} as const;
