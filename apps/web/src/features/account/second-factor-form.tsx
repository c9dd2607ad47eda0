import { mfaMessages, RecoveryCodeSchema, TotpCodeSchema } from '@memoreel/contracts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from './auth-provider';
import { AuthField, FormAlert, SubmitButton, ViewLink } from './forms/form-kit';
import { TOTP_FIELD, useCodeForm } from './forms/use-code-form';

const text = mfaMessages.challenge;

/**
 * The sign-in's code step (decision 0027): the six-digit code from the authenticator app, or one
 * of the recovery codes. Passing it emits MFA_CHALLENGE_VERIFIED; until then nothing else is open.
 */
export function SecondFactorForm() {
  const { client } = useAuth();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const { fieldError, serverError, loading, onSubmit, clearErrors } = useCodeForm({
    check: (code) => (mode === 'totp' ? TotpCodeSchema : RecoveryCodeSchema).safeParse(code),
    send: async (code) => {
      if (mode === 'totp') await client.verifySecondFactor(code);
      else await client.verifyRecoveryCode(code);
    },
    fallbackError: text.description,
    clearRefused: true,
  });

  const switchMode = () => {
    setMode((current) => (current === 'totp' ? 'recovery' : 'totp'));
    clearErrors();
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
          {...TOTP_FIELD}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          autoFocus
          required
          error={fieldError}
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
          error={fieldError}
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
