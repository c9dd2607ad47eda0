import { authMessages, EmailSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import type { AuthView } from '../auth-modal-state';
import { useAuth } from '../auth-provider';
import { required, requiredText } from './field-validation';
import { AuthField, FormAlert, SubmitButton, ViewLink } from './form-kit';
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
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.verifyCode} className="grid gap-4">
      <AuthField
        name="email"
        type="email"
        label={authLabels.email}
        placeholder={authLabels.emailPlaceholder}
        autoComplete="email"
        required
        error={form.fieldErrors.email}
      />
      <AuthField
        name="token"
        label={authLabels.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        required
        error={form.fieldErrors.token}
      />
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      <SubmitButton loading={form.loading}>{authLabels.verifyCode}</SubmitButton>
      <ViewLink className="justify-self-center" onClick={() => onShowView('sign_in')}>
        {authLabels.backToSignIn}
      </ViewLink>
    </form>
  );
}
