/** The auth texts of spec §2, §4 and §8, in one place for the SPA and the services. */
export const authMessages = {
  // The spec's "the product" stands for the name (spec 1 §1).
  welcome: { title: 'Welcome to Memoreel', description: 'Sign in to start creating amazing videos' },
  modal: {
    sign_in: { title: 'Welcome Back', description: 'Sign in to access your videos and projects' },
    sign_up: {
      title: 'Create Your Account',
      description: 'Join our community to create and share amazing videos',
      subtext: 'Google or email authentication available',
    },
    convert: {
      title: 'Create Account',
      description: 'Create a free account to save your projects and access them from anywhere',
      subtext: 'Takes less than a minute',
    },
    continueWithGoogle: 'Continue with Google',
    toSignUp: "Don't have an account? Sign up",
    toSignIn: 'Already have an account? Sign in',
    continueWithoutSignIn: 'Continue without signing in',
    orContinueWith: 'Or continue with',
  },
  signUpSuccess: 'Please check your email to confirm your account',
  captchaRequired: 'Please complete the captcha verification',
  formKit: {
    confirmationSent: 'Check your email for the confirmation link',
    magicLinkSent: 'Check your email for the magic link',
    resetSent: 'Check your email for the password reset link',
    passwordUpdated: 'Your password has been updated',
  },
  library: {
    emailOrPhone: 'You must provide either an email or phone number.',
    tokenVerification: 'An error occurred on token verification.',
    notPkce: 'Not a valid PKCE flow url.',
    noCode: 'No code detected.',
    noSession: 'No session defined in URL',
  },
  conversion: {
    alreadyCreated: {
      title: 'Account already created',
      description: 'Your account has already been set up with an email.',
    },
    verificationSent: {
      title: 'Verification email sent',
      description: 'Please check your inbox to verify your email address.',
    },
    failed: 'Failed to secure account',
    googleFailed: 'Failed to connect with Google',
    redirectingToGoogle: 'Redirecting to Google...',
  },
  botCheck: {
    failed: 'Verification failed. Please try again.',
    containerMissing: 'Verification could not start. Please reload the page.',
    timedOut: 'Verification timed out. Please try again.',
  },
  anonymous: {
    timeout: 'Timeout waiting for session and user to be established',
    failed: 'Failed to create anonymous session',
  },
  getStarted: {
    title: 'Setting up your workspace...',
    description: 'This will only take a moment',
    failedToStart: 'Failed to start project',
    failedToCreate: 'Failed to create project',
  },
  avatar: { anonymous: 'Anonymous User' },
  loading: 'Loading...',
  passwordRules:
    'Password must be at least 8 characters and include uppercase, lowercase, numbers, and special characters.',
  /** Server answers (codes in `authErrorCodes`). */
  errors: {
    invalidCredentials: 'Invalid login credentials',
    emailNotConfirmed: 'Email not confirmed',
    userAlreadyExists: 'User already registered',
    phoneNotSupported: 'Phone sign-in is not supported. Please use your email address.',
    otpExpired: 'Token has expired or is invalid',
    sessionNotFound: 'Session not found',
    refreshTokenReused: 'Invalid Refresh Token: Already Used',
    refreshTokenNotFound: 'Invalid Refresh Token: Refresh Token Not Found',
    captchaFailed: 'captcha protection: request disallowed (Verification failed. Please try again.)',
    rateLimited: 'Too many requests. Please try again later.',
    emailRateLimited: 'For security purposes, you can only request this after 60 seconds.',
    providerNotConfigured: 'Unsupported provider: provider is not enabled',
    samePassword: 'New password should be different from the old password.',
    reauthenticationNeeded: 'Enter your current password, or sign in again, to change your password.',
    authenticationRequired: 'Authentication required',
    socialSignInFailed: 'Sign-in with the provider failed. Please try again.',
    providerUnavailable: 'The sign-in provider is unavailable. Please try again later.',
    userDisabled: 'This account has been disabled. Please contact support if you think this is a mistake.',
  },
} as const;

/** Stable codes for auth failures (GraphQL `extensions.code`, REST `error_code`). */
export const authErrorCodes = {
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  userAlreadyExists: 'user_already_exists',
  phoneNotSupported: 'phone_provider_disabled',
  otpExpired: 'otp_expired',
  sessionNotFound: 'session_not_found',
  refreshTokenReused: 'refresh_token_already_used',
  refreshTokenNotFound: 'refresh_token_not_found',
  captchaFailed: 'captcha_failed',
  rateLimited: 'over_request_rate_limit',
  emailRateLimited: 'over_email_send_rate_limit',
  providerNotConfigured: 'provider_disabled',
  samePassword: 'same_password',
  reauthenticationNeeded: 'reauthentication_needed',
  weakPassword: 'weak_password',
  notAuthenticated: 'not_authenticated',
  badOAuthCallback: 'bad_oauth_callback',
  /** GoTrue's code for a user an administrator has barred from signing in. */
  userDisabled: 'user_banned',
} as const;
