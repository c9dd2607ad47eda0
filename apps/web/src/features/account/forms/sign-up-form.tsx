import { authMessages, EmailSchema, PasswordSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authFailureToast } from '../auth-failure';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthFormFrame, BackLink } from './auth-form-frame';
import { AccountPasswordField, EmailField, FormConfirmation } from './form-kit';
import { botCheckField, useAuthForm } from './use-auth-form';

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
        ...botCheckField(token),
      });
      if (session) return 'done';
      // Spec §4: a user without a session must confirm the address first.
      toast.success(authMessages.signUpSuccess);
      return 'confirmation';
    },
    onFailure: (error) => toast.error(authFailureToast(error)),
  });

  const toSignIn = <BackLink onShowView={onShowView}>{authMessages.modal.toSignIn}</BackLink>;
  if (form.status === 'confirmation') {
    return (
      <div className="grid gap-4">
        <FormConfirmation>{authMessages.formKit.confirmationSent}</FormConfirmation>
        {toSignIn}
      </div>
    );
  }
  return (
    <AuthFormFrame form={form} label={authLabels.signUp} botCheck={botCheck} footer={toSignIn}>
      <EmailField error={form.fieldErrors.email} />
      <AccountPasswordField error={form.fieldErrors.password} />
    </AuthFormFrame>
  );
}
