import { authMessages, type Factor, mfaMessages, TotpCodeSchema, type User } from '@memoreel/contracts';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import type { TotpEnrollment } from '../account/auth-api';
import { messageOf } from '../account/auth-failure';
import { useAuthModal } from '../account/auth-modal-provider';
import { useAuth } from '../account/auth-provider';
import { AuthField, FormAlert, SubmitButton } from '../account/forms/form-kit';
import { TOTP_FIELD, useCodeForm } from '../account/forms/use-code-form';
import { RecoveryCodes } from './recovery-codes';

const text = mfaMessages.settings;

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrollment: TotpEnrollment }
  | { kind: 'codes'; codes: string[] };

/** Two-factor sign-in with an authenticator app: set one up, see the recovery codes once, remove one. */
export function TwoFactorSection({ user }: { user: User }) {
  const { client } = useAuth();
  const { openAuthModal } = useAuthModal();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const verified = user.factors.filter((factor) => factor.status === 'verified');

  const start = async () => {
    setStarting(true);
    try {
      setStep({ kind: 'enrolling', enrollment: await client.enrollTotp() });
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader>
        <CardTitle id="two-factor-title" className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {text.twoFactorTitle}
        </CardTitle>
        <CardDescription>{text.twoFactorDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {user.isAnonymous ? (
          <div className="grid gap-3">
            <p className="text-sm">{text.guest}</p>
            <Button type="button" className="justify-self-start" onClick={() => openAuthModal('convert')}>
              {authMessages.modal.convert.title}
            </Button>
          </div>
        ) : step.kind === 'codes' ? (
          <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
        ) : step.kind === 'enrolling' ? (
          <EnrollTotp
            enrollment={step.enrollment}
            onCancel={() => setStep({ kind: 'idle' })}
            onVerified={(codes) => setStep(codes ? { kind: 'codes', codes } : { kind: 'idle' })}
          />
        ) : (
          <>
            <FactorList factors={verified} />
            <Button
              type="button"
              variant={verified.length > 0 ? 'outline' : 'default'}
              className="justify-self-start"
              disabled={starting}
              aria-busy={starting}
              onClick={() => void start()}
            >
              {text.add}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FactorList({ factors }: { factors: Factor[] }) {
  const { client } = useAuth();
  const [removing, setRemoving] = useState<string | null>(null);
  if (factors.length === 0) return <p className="text-muted-foreground text-sm">{text.noFactors}</p>;

  const remove = async (factor: Factor) => {
    setRemoving(factor.id);
    try {
      await client.unenrollFactor(factor.id);
      toast.success(text.removed);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm text-success">{text.enabled}</p>
      <ul aria-label={text.twoFactorTitle} className="grid gap-2">
        {factors.map((factor) => (
          <li key={factor.id} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
            <span className="truncate text-sm">{factor.friendlyName ?? text.defaultFriendlyName}</span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={removing === factor.id}
              aria-label={`${text.remove} ${factor.friendlyName ?? text.defaultFriendlyName}`}
              onClick={() => void remove(factor)}
            >
              <Trash2 aria-hidden="true" />
              {text.remove}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EnrollTotp({
  enrollment,
  onCancel,
  onVerified,
}: {
  enrollment: TotpEnrollment;
  onCancel: () => void;
  onVerified: (codes: string[] | null) => void;
}) {
  const { client } = useAuth();
  const { fieldError, serverError, loading, onSubmit } = useCodeForm({
    check: (code) => TotpCodeSchema.safeParse(code),
    send: async (code) => onVerified(await client.confirmTotp(enrollment.factor.id, code)),
  });

  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={enrollment.totp.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="size-[200px] justify-self-center rounded-lg border bg-white p-1"
      />
      <div className="grid min-w-0 gap-4">
        <p className="text-sm">{text.scan}</p>
        <div className="grid gap-1">
          <span className="font-medium text-sm">{text.secretLabel}</span>
          <code
            data-testid="totp-secret"
            className="select-all break-all rounded-md bg-muted px-2 py-1.5 font-mono text-sm"
          >
            {enrollment.totp.secret}
          </code>
        </div>
        <form noValidate onSubmit={onSubmit} aria-label={text.confirm} className="grid gap-3">
          <AuthField
            name="code"
            label={text.confirmLabel}
            {...TOTP_FIELD}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
            required
            error={fieldError}
          />
          {serverError && <FormAlert>{serverError}</FormAlert>}
          <div className="grid gap-2 sm:grid-cols-2">
            <SubmitButton loading={loading}>{text.confirm}</SubmitButton>
            <Button type="button" variant="outline" onClick={onCancel}>
              {text.cancel}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
