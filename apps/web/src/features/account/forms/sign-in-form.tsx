import { authMessages, EmailSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authFailureToast } from '../auth-failure';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { OnDemandBotCheck, useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { requiredText } from './field-validation';
import { AuthField, FormAlert, PasswordField, SubmitButton, ViewLink } from './form-kit';
import { useAuthForm } from './use-auth-form';

export function SignInForm({ onShowView }: { onShowView: (view: AuthView) => void }) {
  const { client } = useAuth();
  const botCheck = useBotCheckDemand();
  const form = useAuthForm({
    schemas: { email: EmailSchema, password: requiredText(authLabels.passwordRequired) },
    botCheck,
    send: async ({ email, password }, token) => {
      await client.signInWithPassword({ email, password, ...(token && { botCheck: token }) });
      return 'done';
    },
    onFailure: (error) => toast.error(authFailureToast(error)),
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.signIn} className="grid gap-4">
      <AuthField
        name="email"
        type="email"
        label={authLabels.email}
        placeholder={authLabels.emailPlaceholder}
        autoComplete="email"
        required
        error={form.fieldErrors.email}
      />
      <div className="grid gap-1.5">
        <PasswordField
          name="password"
          label={authLabels.password}
          placeholder={authMessages.passwordRules}
          autoComplete="current-password"
          required
          error={form.fieldErrors.password}
        />
        <ViewLink className="justify-self-end text-xs" onClick={() => onShowView('forgotten_password')}>
          {authLabels.forgotPassword}
        </ViewLink>
      </div>
      <OnDemandBotCheck demand={botCheck} />
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      <SubmitButton loading={form.loading}>{authLabels.signIn}</SubmitButton>
      <div className="grid justify-items-center gap-2">
        <ViewLink onClick={() => onShowView('magic_link')}>{authLabels.useMagicLink}</ViewLink>
        <ViewLink onClick={() => onShowView('sign_up')}>{authMessages.modal.toSignUp}</ViewLink>
      </div>
    </form>
  );
}
