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
  vitalsSampleHint: "The share of shoppers' visits whose speed is measured for the dashboard (0 to 100). No cookies, nothing that names the shopper.",
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
  systemAlertsNote:
    "Alerts about the server itself (a backup failed, the disk is nearly full, the SMS account is out of credit) always go to these phones and e-mails, at most once a day; with none here, to the shop's own e-mail and phone.",
} as const;

/** The settings page's "Delivery options" section; the server's answers carry DELIVERY_OPTION_TEXTS. */
export const DELIVERY_SETTINGS_TEXTS = {
  title: 'Delivery options',
  intro: 'How orders reach shoppers, in the order the checkout lists them. Past orders keep the option as it was when they were placed.',
  loading: 'Loading delivery options',
  loadFailed: 'Failed to fetch delivery options',
  saveFailed: 'Failed to save the delivery option',
  moveFailed: 'Failed to move the delivery option',
  deleteFailed: 'Failed to delete the delivery option',
  empty: 'No delivery options yet. Without any, the checkout says the delivery fee is not included, as today.',
  listLabel: 'Delivery options, in checkout order',
  add: 'Add delivery option',
  addTitle: 'New delivery option',
  editTitle: (name: string) => `Edit ${name}`,
  saveNew: 'Add option',
  saveEdit: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  check: 'Some fields are not right: see below.',
  allRegions: 'All regions',
  allTowns: 'All towns',
  paidWithOrder: 'Paid with the order',
  paidToRider: 'Paid to the rider',
  pickup: 'Pickup',
  off: 'Off',
  notSaid: 'Not said',
  freeFrom: (amount: string) => `free from ${amount}`,
  // The form's fields
  nameLabel: 'Name',
  nameHint: 'What shoppers see at the checkout, e.g. Accra (rider) or Pick up at the shop.',
  regionsLegend: 'Regions',
  regionsHint: 'Tick the regions it serves. None ticked: all regions.',
  townsLabel: 'Towns (optional)',
  townsHint: 'Separate towns with commas, e.g. Osu, East Legon, Madina. Empty: every town in those regions.',
  feeLabel: 'Fee (₵)',
  feeHint: 'In cedis, e.g. 25 or 12.50; 0 for free.',
  freeFromLabel: 'Free from (₵, optional)',
  freeFromHint: 'Free when the goods, after any discount, cost at least this. Empty: never free.',
  etaLabel: 'Estimated time (optional)',
  etaHint: 'e.g. 1-2 days, or Same day.',
  paidWithLegend: 'The fee is',
  paidWithOrderChoice: 'Paid with the order (in its total)',
  paidToRiderChoice: 'Paid to the rider on delivery',
  pickupChoice: 'Pickup at the shop (no street address needed)',
  activeChoice: 'Offered at checkout',
  // The list's controls, named with the option's name
  offeredLabel: 'Offered at checkout',
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  deleteTitle: (name: string) => `Delete ${name}?`,
  deleteIntro: 'The checkout stops offering it at once. Orders placed with it keep their delivery as it was.',
  deleteConfirm: 'Delete',
} as const;
