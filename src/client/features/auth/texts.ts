/** Texts of the spec's error catalogue (section 8) that only these screens use. */
export const AUTH_TEXTS = {
  signInNetwork: 'Invalid email or password. Please try again.',
  signUpFailed: 'Something went wrong. Please try again.',
  signUpNetwork: 'Network error. Please try again later.',
  phoneHint: 'Lets you reset your password by SMS if you forget it.',
} as const;
