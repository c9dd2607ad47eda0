import { EmailSchema } from '@memoreel/contracts';
import type { ReactNode } from 'react';
import { useBotCheckDemand } from '../bot-check/on-demand-bot-check';
import { AuthFormFrame } from './auth-form-frame';
import { EmailField } from './form-kit';
import { botCheckField, useAuthForm } from './use-auth-form';

interface EmailLinkFormProps {
  label: string;
  /** The "check your email" text once the link is on its way. */
  confirmation: string;
  footer: ReactNode;
  sendLink: (request: { email: string; botCheck?: string }) => Promise<unknown>;
}

/** An e-mail-only form that mails a link (reset, magic link) and says so. */
export function EmailLinkForm({ label, confirmation, footer, sendLink }: EmailLinkFormProps) {
  // The server refuses these requests without a solved check (BOT_CHECK_REQUIRED).
  const botCheck = useBotCheckDemand({ required: true });
  const form = useAuthForm({
    schemas: { email: EmailSchema },
    botCheck,
    send: async ({ email }, token) => {
      await sendLink({ email, ...botCheckField(token) });
      return 'confirmation';
    },
  });
  return (
    <AuthFormFrame form={form} label={label} botCheck={botCheck} confirmation={confirmation} footer={footer}>
      <EmailField error={form.fieldErrors.email} />
    </AuthFormFrame>
  );
}
