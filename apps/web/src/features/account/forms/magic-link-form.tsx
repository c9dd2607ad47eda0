import { authMessages } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { EmailLinkForm } from './email-link-form';
import { ViewLink } from './form-kit';

export function MagicLinkForm({
  onShowView,
  returnTo,
}: {
  onShowView: (view: AuthView) => void;
  returnTo: string;
}) {
  const { client } = useAuth();
  return (
    <EmailLinkForm
      label={authLabels.sendMagicLink}
      confirmation={authMessages.formKit.magicLinkSent}
      sendLink={(request) => client.sendMagicLink({ ...request, redirectTo: returnTo })}
      footer={
        <div className="grid justify-items-center gap-2">
          <ViewLink onClick={() => onShowView('verify_otp')}>{authLabels.haveCode}</ViewLink>
          <ViewLink onClick={() => onShowView('sign_in')}>{authLabels.backToSignIn}</ViewLink>
        </div>
      }
    />
  );
}
