import { mfaMessages, RecoveryCodeSchema, TotpCodeSchema } from '@memoreel/contracts';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messageOf } from './auth-failure';
import { useAuth } from './auth-provider';
import { AuthField, FormAlert, SubmitButton, ViewLink } from './forms/form-kit';

const text = mfaMessages.challenge;

/**
 * The sign-in's code step (decision 0027): the six-digit code from the authenticator app, or one
 * of the recovery codes. Passing it emits MFA_CHALLENGE_VERIFIED; until then nothing else is open.
 */
export function SecondFactorForm() {
  const { client } = useAuth();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('code') as HTMLInputElement | null;
    const parsed = (mode === 'totp' ? TotpCodeSchema : RecoveryCodeSchema).safeParse(input?.value ?? '');
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? text.description);
      input?.focus();
      return;
    }
    setFieldError(null);
    setServerError(null);
    setLoading(true);
    try {
      if (mode === 'totp') await client.verifySecondFactor(parsed.data);
      else await client.verifyRecoveryCode(parsed.data);
    } catch (error) {
      setServerError(messageOf(error));
      if (input) {
        input.value = '';
        input.focus();
      }
    } finally {
      setLoading(false);
    }
  };

  const switchMode = () => {
    setMode((current) => (current === 'totp' ? 'recovery' : 'totp'));
    setFieldError(null);
    setServerError(null);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.title} className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 font-medium text-base">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {text.title}
        </h2>
        <p className="text-muted-foreground text-sm">
          {mode === 'totp' ? text.description : text.recoveryDescription}
        </p>
      </div>
      {mode === 'totp' ? (
        <AuthField
          key="totp"
          name="code"
          label={text.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          placeholder="123456"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          autoFocus
          required
          error={fieldError ?? undefined}
        />
      ) : (
        <AuthField
          key="recovery"
          name="code"
          label={text.recoveryLabel}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          className="[&_input]:font-mono"
          autoFocus
          required
          error={fieldError ?? undefined}
        />
      )}
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <SubmitButton loading={loading}>{text.verify}</SubmitButton>
      <div className="grid justify-items-center gap-2">
        <ViewLink onClick={switchMode}>
          {mode === 'totp' ? text.useRecoveryCode : text.useAuthenticator}
        </ViewLink>
        <ViewLink onClick={() => void client.signOut()}>{text.signOut}</ViewLink>
      </div>
    </form>
  );
}
