import { authMessages, PasswordSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import { useAuth } from '../auth-provider';
import { FormAlert, FormConfirmation, PasswordField, SubmitButton } from './form-kit';
import { useAuthForm } from './use-auth-form';

export function UpdatePasswordForm() {
  const { client } = useAuth();
  const form = useAuthForm({
    schemas: { password: PasswordSchema },
    send: async ({ password }) => {
      await client.updateUser({ password });
      return 'confirmation';
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.updatePassword} className="grid gap-4">
      <PasswordField
        name="password"
        label={authLabels.newPassword}
        placeholder={authMessages.passwordRules}
        autoComplete="new-password"
        required
        error={form.fieldErrors.password}
      />
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      {form.status === 'confirmation' && (
        <FormConfirmation>{authMessages.formKit.passwordUpdated}</FormConfirmation>
      )}
      <SubmitButton loading={form.loading}>{authLabels.updatePassword}</SubmitButton>
    </form>
  );
}
