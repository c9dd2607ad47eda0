import type { ReactNode } from 'react';
import type { AuthView } from '../auth-modal-state';
import { type BotCheckDemand, OnDemandBotCheck } from '../bot-check/on-demand-bot-check';
import { FormAlert, FormConfirmation, SubmitButton, ViewLink } from './form-kit';
import type { AuthFormState } from './use-auth-form';

interface AuthFormFrameProps {
  form: AuthFormState;
  /** Names the form and its submit button alike. */
  label: string;
  /** Present on forms whose request accepts a bot-check token. */
  botCheck?: BotCheckDemand;
  /** The "check your email" text once the form was sent. */
  confirmation?: ReactNode;
  /** Links to other views, under the submit button. */
  footer?: ReactNode;
  children: ReactNode;
}

/** What every auth form shares: its fields, then the bot check, the server's answer and the submit. */
export function AuthFormFrame({ form, label, botCheck, confirmation, footer, children }: AuthFormFrameProps) {
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={label} className="grid gap-4">
      {children}
      {botCheck && <OnDemandBotCheck demand={botCheck} />}
      {form.serverError && <FormAlert>{form.serverError}</FormAlert>}
      {confirmation && form.status === 'confirmation' && <FormConfirmation>{confirmation}</FormConfirmation>}
      <SubmitButton loading={form.loading}>{label}</SubmitButton>
      {footer}
    </form>
  );
}

/** The centred link back to another view (usually sign-in) under a form. */
export function BackLink({
  onShowView,
  view = 'sign_in',
  children,
}: {
  onShowView: (view: AuthView) => void;
  view?: AuthView;
  children: ReactNode;
}) {
  return (
    <ViewLink className="justify-self-center" onClick={() => onShowView(view)}>
      {children}
    </ViewLink>
  );
}
