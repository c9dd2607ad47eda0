import { authMessages, EmailSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { OnDemandBotCheck, useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthField, FormAlert, FormConfirmation, SubmitButton, ViewLink } from './form-kit';
import { useAuthForm } from './use-auth-form';

/** The reset link opens /auth/callback, which shows the new-password view wherever it lands. */
const RESET_LANDING = '/';

export function ForgottenPasswordForm({ onShowView }: { onShowView: (view: AuthView) => void }) {
  const { client } = useAuth();
  // The server refuses this request without a solved check (BOT_CHECK_REQUIRED).
  const botCheck = useBotCheckDemand({ required: true });
  const form = useAuthForm({
    schemas: { email: EmailSchema },
    botCheck,
    send: async ({ email }, token) => {
      await client.recoverPassword({ email, redirectTo: RESET_LANDING, ...(token && { botCheck: token }) });
      return 'confirmation';
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.sendResetLink} className="grid gap-4">
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
        <FormConfirmation>{authMessages.formKit.resetSent}</FormConfirmation>
      )}
      <SubmitButton loading={form.loading}>{authLabels.sendResetLink}</SubmitButton>
      <ViewLink className="justify-self-center" onClick={() => onShowView('sign_in')}>
        {authLabels.backToSignIn}
      </ViewLink>
    </form>
  );
}
