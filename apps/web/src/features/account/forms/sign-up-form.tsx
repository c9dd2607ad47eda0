import { authMessages, EmailSchema, PasswordSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authFailureToast } from '../auth-failure';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { OnDemandBotCheck, useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthField, FormAlert, FormConfirmation, PasswordField, SubmitButton, ViewLink } from './form-kit';
import { useAuthForm } from './use-auth-form';

interface SignUpFormProps {
  onShowView: (view: AuthView) => void;
  /** Where the confirmation link brings the new user. */
  returnTo: string;
}

export function SignUpForm({ onShowView, returnTo }: SignUpFormProps) {
  const { client } = useAuth();
  // The server refuses this request without a solved check (BOT_CHECK_REQUIRED).
  const botCheck = useBotCheckDemand({ required: true });
  const form = useAuthForm({
    schemas: { email: EmailSchema, password: PasswordSchema },
    botCheck,
    send: async ({ email, password }, token) => {
      const { session } = await client.signUp({
        email,
        password,
        redirectTo: returnTo,
        ...(token && { botCheck: token }),
      });
      if (session) return 'done';
      // Spec §4: a user without a session must confirm the address first.
      toast.success(authMessages.signUpSuccess);
      return 'confirmation';
    },
    onFailure: (error) => toast.error(authFailureToast(error)),
  });

  if (form.status === 'confirmation') {
    return (
      <div className="grid gap-4">
        <FormConfirmation>{authMessages.formKit.confirmationSent}</FormConfirmation>
        <ViewLink className="justify-self-center" onClick={() => onShowView('sign_in')}>
          {authMessages.modal.toSignIn}
        </ViewLink>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.signUp} className="grid gap-4">
      <AuthField
        name="email"
        type="email"
        label={authLabels.email}
        placeholder={authLabels.emailPlaceholder}
        autoComplete="email"
        required
        error={form.fieldErrors.email}
      />
      <PasswordField
        name="password"
        label={authLabels.password}
        placeholder={authMessages.passwordRules}
        autoComplete="new-password"
        required
        error={form.fieldErrors.password}
      />
      <OnDemandBotCheck demand={botCheck} />
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      <SubmitButton loading={form.loading}>{authLabels.signUp}</SubmitButton>
      <ViewLink className="justify-self-center" onClick={() => onShowView('sign_in')}>
        {authMessages.modal.toSignIn}
      </ViewLink>
    </form>
  );
}
