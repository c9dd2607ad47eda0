import { authMessages } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { BackLink } from './auth-form-frame';
import { EmailLinkForm } from './email-link-form';

/** The reset link opens /auth/callback, which shows the new-password view wherever it lands. */
const RESET_LANDING = '/';

export function ForgottenPasswordForm({ onShowView }: { onShowView: (view: AuthView) => void }) {
  const { client } = useAuth();
  return (
    <EmailLinkForm
      label={authLabels.sendResetLink}
      confirmation={authMessages.formKit.resetSent}
      sendLink={(request) => client.recoverPassword({ ...request, redirectTo: RESET_LANDING })}
      footer={<BackLink onShowView={onShowView}>{authLabels.backToSignIn}</BackLink>}
    />
  );
}
