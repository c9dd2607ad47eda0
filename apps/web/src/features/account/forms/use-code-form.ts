import { type FormEvent, useState } from 'react';
import { messageOf } from '../auth-failure';

/** The field of an authenticator app's six-digit code: the number pad, and the one-time-code autofill. */
export const TOTP_FIELD = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9 ]*',
  maxLength: 7,
  placeholder: '123456',
} as const;

/** What a code schema's safeParse answers. */
type CodeCheck =
  | { success: true; data: string }
  | { success: false; error: { issues: { message: string }[] } };

interface CodeFormOptions {
  /** The code's own check, e.g. TotpCodeSchema.safeParse. */
  check: (code: string) => CodeCheck;
  /** Sends a code that passed its check; a rejection is the server refusing it. */
  send: (code: string) => Promise<void>;
  /** Said on the field when the check names no problem of its own. */
  fallbackError?: string;
  /** Empties the field once the server refuses the code. */
  clearRefused?: boolean;
}

/**
 * A form of one `code` field: the code is checked, with focus kept on the field while it is
 * wrong, then sent; a refusal is said above the button and the field is ready for another try.
 */
export function useCodeForm({ check, send, fallbackError, clearRefused = false }: CodeFormOptions) {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
    const parsed = check(input?.value ?? '');
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? fallbackError);
      input?.focus();
      return;
    }
    setFieldError(undefined);
    setServerError(null);
    setLoading(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setServerError(messageOf(error));
      if (input && clearRefused) input.value = '';
      input?.focus();
    } finally {
      setLoading(false);
    }
  };

  const clearErrors = () => {
    setFieldError(undefined);
    setServerError(null);
  };

  return { fieldError, serverError, loading, onSubmit, clearErrors };
}
