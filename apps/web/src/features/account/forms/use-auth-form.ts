import { authMessages } from '@memoreel/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { mentionsCaptcha, messageOf } from '../auth-failure';
import type { BotCheckDemand } from '../bot-check/on-demand-bot-check';
import {
  type FieldErrors,
  type FieldSchema,
  type Parsed,
  readForm,
  validateFields,
} from './field-validation';

/** Spec §4: the auth forms go idle → loading → confirmation or error. */
export type AuthFormStatus = 'idle' | 'loading' | 'confirmation' | 'error';

interface AuthFormOptions<S> {
  schemas: S;
  /** Sends the valid form; resolves 'confirmation' to show the form's "check your email" text. */
  send: (data: Parsed<S>, botCheck: string | undefined) => Promise<'confirmation' | 'done'>;
  /** Present on forms whose request accepts a bot-check token. */
  botCheck?: BotCheckDemand;
  onFailure?: (error: unknown) => void;
}

/** What a form's frame reads of `useAuthForm`. */
export interface AuthFormState {
  status: AuthFormStatus;
  loading: boolean;
  serverError: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The request field for a solved bot check, when there is one. */
export const botCheckField = (token: string | undefined) => (token ? { botCheck: token } : {});

/** Validation, sending and the server's answer for one auth form. */
export function useAuthForm<S extends Record<string, FieldSchema<unknown>>>({
  schemas,
  send,
  botCheck,
  onFailure,
}: AuthFormOptions<S>) {
  const [status, setStatus] = useState<AuthFormStatus>('idle');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof S>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const validation = validateFields(
      schemas,
      readForm(form, Object.keys(schemas)) as Record<keyof S, string>,
    );
    if (!validation.ok) {
      setFieldErrors(validation.errors);
      const firstInvalid = Object.keys(validation.errors)[0];
      if (firstInvalid) (form.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    setFieldErrors({});
    if (botCheck?.shown && !botCheck.required && !botCheck.token) {
      toast.error(authMessages.captchaRequired);
      return;
    }
    setStatus('loading');
    setServerError(null);
    // A required check solves on its own and may not be done yet: the submit waits for it.
    const token = (await botCheck?.solution()) ?? undefined;
    if (botCheck?.shown && !token) {
      setStatus('idle');
      toast.error(authMessages.captchaRequired);
      return;
    }
    try {
      const outcome = await send(validation.data, token);
      setStatus(outcome === 'confirmation' ? 'confirmation' : 'idle');
    } catch (error) {
      if (mentionsCaptcha(error)) botCheck?.show();
      setServerError(messageOf(error));
      setStatus('error');
      onFailure?.(error);
    } finally {
      botCheck?.spend();
    }
  };

  return {
    status,
    loading: status === 'loading',
    fieldErrors,
    serverError,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
  };
}
