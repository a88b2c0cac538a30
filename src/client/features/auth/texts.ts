/** Texts of the spec's error catalogue (section 8) that only these screens use. */
export const AUTH_TEXTS = {
  signInNetwork: 'Invalid email or password. Please try again.',
  signUpFailed: 'Something went wrong. Please try again.',
  signUpNetwork: 'Network error. Please try again later.',
  /** The ways back into an account: what the client alone says; the rest is ACCOUNT_TEXTS. */
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  newPasswordTitle: 'Choose a new password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  savePassword: 'Save new password',
  savingPassword: 'Saving…',
  askNewLink: 'Ask for a new link',
  linkNotValid: 'Reset link not valid',
  resetNetwork: 'Could not reach the shop. Check your connection and try again.',
  resetUnavailable: 'This shop cannot send password resets. Please call or message the shop for help.',
  phoneHint: 'Lets you reset your password by SMS if you forget it.',
} as const;
