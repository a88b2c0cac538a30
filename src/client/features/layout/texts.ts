/** Words that both the top bar's menus and the phone's side menu show. */
export const LAYOUT_TEXTS = {
  signedInAs: 'Signed in as',
  adminPanel: 'Admin Panel',
} as const;
