import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { SecondFactorForm } from '../second-factor-form';
import { ForgottenPasswordForm } from './forgotten-password-form';
import { FormConfirmation } from './form-kit';
import { MagicLinkForm } from './magic-link-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { UpdatePasswordForm } from './update-password-form';
import { VerifyOtpForm } from './verify-otp-form';

interface AuthViewsProps {
  view: AuthView;
  onShowView: (view: AuthView) => void;
  /** Where e-mailed links bring the user back to. */
  returnTo: string;
  notice?: string | null;
}

/** The embedded auth view set of spec §2, shared by the modal and the /login page. */
export function AuthViews({ view, onShowView, returnTo, notice }: AuthViewsProps) {
  const { secondFactorPending } = useAuth();
  // The password (or link) was right: whatever view led here, the authenticator code comes next.
  if (secondFactorPending) return <SecondFactorForm />;
  return (
    <div className="grid gap-4">
      {notice && <FormConfirmation>{notice}</FormConfirmation>}
      <CurrentView view={view} onShowView={onShowView} returnTo={returnTo} />
    </div>
  );
}

function CurrentView({ view, onShowView, returnTo }: Omit<AuthViewsProps, 'notice'>) {
  switch (view) {
    case 'sign_in':
      return <SignInForm onShowView={onShowView} />;
    case 'sign_up':
      return <SignUpForm onShowView={onShowView} returnTo={returnTo} />;
    case 'forgotten_password':
      return <ForgottenPasswordForm onShowView={onShowView} />;
    case 'magic_link':
      return <MagicLinkForm onShowView={onShowView} returnTo={returnTo} />;
    case 'verify_otp':
      return <VerifyOtpForm onShowView={onShowView} />;
    case 'update_password':
      return <UpdatePasswordForm />;
  }
}
