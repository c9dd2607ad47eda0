import { authMessages } from '@memoreel/contracts';
import { CircleAlert, CircleCheck, Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';
import { authLabels } from '../auth-labels';

type FieldProps = Omit<ComponentProps<'input'>, 'id' | 'name'> & {
  name: string;
  label: string;
  error?: string | undefined;
};

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function AuthField({ name, label, error, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The e-mail input every auth form starts with. */
export function EmailField({ error }: { error: string | undefined }) {
  return (
    <AuthField
      name="email"
      type="email"
      label={authLabels.email}
      placeholder={authLabels.emailPlaceholder}
      autoComplete="email"
      required
      error={error}
    />
  );
}

/** The account password, with the password rules as its hint. */
export function AccountPasswordField({
  error,
  autoComplete = 'new-password',
  label = authLabels.password,
}: {
  error: string | undefined;
  autoComplete?: 'new-password' | 'current-password';
  label?: string;
}) {
  return (
    <PasswordField
      name="password"
      label={label}
      placeholder={authMessages.passwordRules}
      autoComplete={autoComplete}
      required
      error={error}
    />
  );
}

/** A password input with a show/hide switch, since typing blind on a phone invites mistakes. */
export function PasswordField({ name, label, error, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="pr-10 placeholder:text-xs sm:placeholder:text-xs"
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? authLabels.hidePassword : authLabels.showPassword}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-destructive text-xs leading-snug">
      {children}
    </p>
  );
}

const formNotes = {
  alert: {
    role: 'alert',
    box: 'border-destructive/30 bg-destructive/10 text-destructive',
    icon: <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />,
  },
  status: {
    role: 'status',
    box: 'border-success/30 bg-success/10 text-foreground',
    icon: <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />,
  },
} as const;

function FormNote({ kind, children }: { kind: keyof typeof formNotes; children: ReactNode }) {
  const { role, box, icon } = formNotes[kind];
  return (
    <p
      role={role}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm leading-snug', box)}
    >
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** The server's answer under the form, in the danger style (spec §8). */
export function FormAlert({ children }: { children: ReactNode }) {
  return <FormNote kind="alert">{children}</FormNote>;
}

/** "Check your email …" and other good news after a form was sent. */
export function FormConfirmation({ children }: { children: ReactNode }) {
  return <FormNote kind="status">{children}</FormNote>;
}

export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={loading} aria-busy={loading}>
      {loading && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
      {children}
    </Button>
  );
}

/** A quiet text button that moves between the auth views. */
export function ViewLink({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className={cn(
        'rounded-sm text-muted-foreground text-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

/** A thin rule with words in the middle ("Or continue with"). */
export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-xs">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      <span>{children}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  );
}
