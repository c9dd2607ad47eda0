import { authMessages, EmailSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { AuthFormFrame, BackLink } from './auth-form-frame';
import { required, requiredText } from './field-validation';
import { AuthField, EmailField } from './form-kit';
import { useAuthForm } from './use-auth-form';

/** Spec §5: the code form needs an e-mail (phones are not offered here) and the code. */
const CODE_EMAIL = required(authMessages.library.emailOrPhone, EmailSchema);

export function VerifyOtpForm({ onShowView }: { onShowView: (view: AuthView) => void }) {
  const { client } = useAuth();
  const form = useAuthForm({
    schemas: { email: CODE_EMAIL, token: requiredText(authLabels.codeRequired) },
    send: async ({ email, token }) => {
      await client.verifyOtp({ type: 'email', email, token: token.trim() });
      return 'done';
    },
  });

  return (
    <AuthFormFrame
      form={form}
      label={authLabels.verifyCode}
      footer={<BackLink onShowView={onShowView}>{authLabels.backToSignIn}</BackLink>}
    >
      <EmailField error={form.fieldErrors.email} />
      <AuthField
        name="token"
        label={authLabels.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        required
        error={form.fieldErrors.token}
      />
    </AuthFormFrame>
  );
}
