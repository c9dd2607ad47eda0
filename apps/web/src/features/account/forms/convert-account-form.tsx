import { authMessages, EmailSchema, PasswordSchema } from '@memoreel/contracts';
import { toast } from 'sonner';
import { authLabels } from '../auth-labels';
import { useAuth } from '../auth-provider';
import { OnDemandBotCheck, useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthField, FormAlert, PasswordField, SubmitButton } from './form-kit';
import { useAuthForm } from './use-auth-form';

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
      await client.updateUser({
        email,
        password,
        // Spec §7: the confirmation link leads back to the site's front page.
        redirectTo: '/',
        ...(token && { botCheck: token }),
      });
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
    <form noValidate onSubmit={form.onSubmit} aria-label={authLabels.createAccount} className="grid gap-4">
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
      <SubmitButton loading={form.loading}>{authLabels.createAccount}</SubmitButton>
    </form>
  );
}
