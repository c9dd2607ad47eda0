import { authMessages } from '@memoreel/contracts';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { socialSignInUrl } from './auth-api';
import { Divider } from './forms/form-kit';
import { useSocialProviders } from './use-social-providers';

interface SocialSignInProps {
  /** The same-site path the provider brings the user back to. */
  returnTo: string;
  /** A guest connecting Google becomes an account with the same id (the gateway reads the guest's cookie). */
  converting?: boolean;
}

/** "Continue with Google", shown only when the gateway has Google configured. */
export function SocialSignIn({ returnTo, converting = false }: SocialSignInProps) {
  const { data: providers } = useSocialProviders();
  if (!providers?.some((provider) => provider.id === 'google')) return null;

  const continueWithGoogle = () => {
    if (converting) toast.loading(authMessages.conversion.redirectingToGoogle);
    window.location.assign(socialSignInUrl('google', returnTo));
  };
  return (
    <>
      <Button type="button" variant="outline" className="w-full" onClick={continueWithGoogle}>
        <GoogleMark />
        {authMessages.modal.continueWithGoogle}
      </Button>
      <Divider>{authMessages.modal.orContinueWith}</Divider>
    </>
  );
}

/** Google's "G" in its four colours, as its brand rules ask for on sign-in buttons. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.45.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}
