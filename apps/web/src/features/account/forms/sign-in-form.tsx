import { authMessages, EmailSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authFailureToast } from '../auth-failure';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthFormFrame } from './auth-form-frame';
import { requiredText } from './field-validation';
import { AccountPasswordField, EmailField, ViewLink } from './form-kit';
import { botCheckField, useAuthForm } from './use-auth-form';

export function SignInForm({ onShowView }: { onShowView: (view: AuthView) => void }) {
  const { client } = useAuth();
  const botCheck = useBotCheckDemand();
  const form = useAuthForm({
    schemas: { email: EmailSchema, password: requiredText(authLabels.passwordRequired) },
    botCheck,
    send: async ({ email, password }, token) => {
      await client.signInWithPassword({ email, password, ...botCheckField(token) });
      return 'done';
    },
    onFailure: (error) => toast.error(authFailureToast(error)),
  });

  return (
    <AuthFormFrame
      form={form}
      label={authLabels.signIn}
      botCheck={botCheck}
      footer={
        <div className="grid justify-items-center gap-2">
          <ViewLink onClick={() => onShowView('magic_link')}>{authLabels.useMagicLink}</ViewLink>
          <ViewLink onClick={() => onShowView('sign_up')}>{authMessages.modal.toSignUp}</ViewLink>
        </div>
      }
    >
      <EmailField error={form.fieldErrors.email} />
      <div className="grid gap-1.5">
        <AccountPasswordField autoComplete="current-password" error={form.fieldErrors.password} />
        <ViewLink className="justify-self-end text-xs" onClick={() => onShowView('forgotten_password')}>
          {authLabels.forgotPassword}
        </ViewLink>
      </div>
    </AuthFormFrame>
  );
}
