import { authMessages, EmailSchema, PasswordSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authLabels } from '../auth-labels';
import { useAuth } from '../auth-provider';
import { useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthFormFrame } from './auth-form-frame';
import { AccountPasswordField, EmailField } from './form-kit';
import { botCheckField, useAuthForm } from './use-auth-form';

const { conversion } = authMessages;

/**
 * Spec §4 "Guest to registered": sets e-mail and password on the guest itself, so its id and its
 * projects stay; the account is complete once the e-mailed link is followed.
 */
export function ConvertAccountForm({ onDone }: { onDone: () => void }) {
  const { client } = useAuth();
  const botCheck = useBotCheckDemand();
  const form = useAuthForm({
    schemas: { email: EmailSchema, password: PasswordSchema },
    botCheck,
    send: async ({ email, password }, token) => {
      if (client.getSession()?.user.email) {
        const { alreadyCreated } = conversion;
        toast(alreadyCreated.title, { description: alreadyCreated.description });
        onDone();
        return 'done';
      }
      // Spec §7: the confirmation link leads back to the site's front page.
      await client.updateUser({ email, password, redirectTo: '/', ...botCheckField(token) });
      toast.success(conversion.verificationSent.title, {
        description: conversion.verificationSent.description,
      });
      onDone();
      return 'done';
    },
    onFailure: (error) =>
      toast.error(conversion.failed, { description: error instanceof Error ? error.message : undefined }),
  });

  return (
    <AuthFormFrame form={form} label={authLabels.createAccount} botCheck={botCheck}>
      <EmailField error={form.fieldErrors.email} />
      <AccountPasswordField error={form.fieldErrors.password} />
    </AuthFormFrame>
  );
}
