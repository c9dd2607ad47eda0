import type { AuthView } from './auth-modal-state';

/**
 * Form labels and button captions the spec leaves to the form kit. The spec's own texts (titles,
 * messages, toasts) come from `authMessages` in @memoreel/contracts.
 */
export const authLabels = {
  email: 'Email address',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  passwordRequired: 'Please enter your password',
  newPassword: 'New password',
  code: 'Code from the email',
  codeRequired: 'Please enter the code from the email',
  signIn: 'Sign in',
  signUp: 'Sign up',
  sendResetLink: 'Send reset instructions',
  sendMagicLink: 'Send magic link',
  verifyCode: 'Verify code',
  updatePassword: 'Update password',
  createAccount: 'Create Account',
  forgotPassword: 'Forgot your password?',
  useMagicLink: 'Email me a sign-in link instead',
  haveCode: 'Have a code? Enter it here',
  backToSignIn: 'Back to sign in',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  continueAsGuest: 'Continue without signing in',
  turnstileConfigured:
    'This site is set up to verify visitors with Cloudflare Turnstile, which this version of Memoreel cannot load. Please contact the site owner.',
  verificationLoading: 'Preparing verification…',
  verificationUnavailable: 'Verification could not be prepared.',
  tryAgain: 'Try again',
  callbackFailedTitle: "This link didn't work",
  backToHome: 'Back to home',
  guestTitle: 'Continue as a guest',
  guestDescription: "A quick check that you're a person, then you're on your way.",
  signingIn: 'Signing you in…',
} as const;

/** Headings for the views that are not a modal mode of their own. */
export const viewHeadings: Partial<Record<AuthView, { title: string; description: string }>> = {
  forgotten_password: {
    title: 'Reset your password',
    description: "Enter your email and we'll send you a link to choose a new password.",
  },
  magic_link: {
    title: 'Sign in with a link',
    description: "We'll email you a link that signs you in, no password needed.",
  },
  verify_otp: {
    title: 'Enter your code',
    description: 'Type the six-digit code from the email we sent you.',
  },
  update_password: {
    title: 'Choose a new password',
    description: 'Your new password replaces the old one everywhere you sign in.',
  },
};

/** The account parts of the navigation bar (spec §2 "Navigation bar"). */
export const navLabels = {
  signIn: 'Sign In',
  getStarted: 'Get Started',
  dashboard: 'Dashboard',
  settings: 'Settings',
  signOut: 'Sign Out',
  accountMenu: 'Account menu',
  createAccount: 'Create Account',
  guestNote: 'Guest session: create an account to keep your work',
  admin: 'Admin',
  musicManager: 'Music Manager',
  manageUsers: 'Manage Users',
  databaseAdmin: 'Database Admin',
} as const;
