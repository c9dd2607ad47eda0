import { authMessages, EmailSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { OnDemandBotCheck, useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthField, FormAlert, FormConfirmation, SubmitButton, ViewLink } from './form-kit';
import { useAuthForm } from './use-auth-form';

interface MagicLinkFormProps {
  onShowView: (view: AuthView) => void;
  returnTo: string;
}

export function MagicLinkForm({ onShowView, returnTo }: MagicLinkFormProps) {
  const { client } = useAuth();
  // The server refuses this request without a solved check (BOT_CHECK_REQUIRED).
  const botCheck = useBotCheckDemand({ required: true });
  const form = useAuthForm({
    schemas: { email: EmailSchema },
    botCheck,
    send: async ({ email }, token) => {
      await client.sendMagicLink({ email, redirectTo: returnTo, ...(token && { botCheck: token }) });
      return 'confirmation';
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.sendMagicLink} className="grid gap-4">
      <AuthField
        name="email"
        type="email"
        label={authLabels.email}
        placeholder={authLabels.emailPlaceholder}
        autoComplete="email"
        required
        error={form.fieldErrors.email}
      />
      <OnDemandBotCheck demand={botCheck} />
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      {form.status === 'confirmation' && (
        <FormConfirmation>{authMessages.formKit.magicLinkSent}</FormConfirmation>
      )}
      <SubmitButton loading={form.loading}>{authLabels.sendMagicLink}</SubmitButton>
      <div className="grid justify-items-center gap-2">
        <ViewLink onClick={() => onShowView('verify_otp')}>{authLabels.haveCode}</ViewLink>
        <ViewLink onClick={() => onShowView('sign_in')}>{authLabels.backToSignIn}</ViewLink>
      </div>
    </form>
  );
}
