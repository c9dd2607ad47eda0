import { authMessages, PasswordSchema } from '@memoreel/contracts';
import { authLabels } from '../auth-labels';
import { useAuth } from '../auth-provider';
import { AuthFormFrame } from './auth-form-frame';
import { AccountPasswordField } from './form-kit';
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
    <AuthFormFrame
      form={form}
      label={authLabels.updatePassword}
      confirmation={authMessages.formKit.passwordUpdated}
    >
      <AccountPasswordField label={authLabels.newPassword} error={form.fieldErrors.password} />
    </AuthFormFrame>
  );
}
