import { checkNewsletterEmail, NEWSLETTER_EMAIL_MAX_LENGTH, newsletterMessages } from '@memoreel/domain';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { createAttemptLimiter } from './attempt-limiter';
import { useSubscribeNewsletter } from './subscribe-newsletter';

export const newsletterLabels = {
  title: 'Stay in touch',
  lead: 'Gentle news about Memoreel, at most once a month.',
  email: 'Email address',
  placeholder: 'you@example.com',
  subscribe: 'Subscribe',
};

// One window per tab, shared by every form on the page, so remounting the footer does not reset it.
const attempts = createAttemptLimiter();

/** Spec §5 and §8: the footer's newsletter sign-up with its validation, limit and texts. */
export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();
  const id = useId();
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkNewsletterEmail(email);
    if (!check.ok) return setError(check.message);
    if (!attempts.tryAttempt()) return setError(newsletterMessages.tooManyAttempts);
    setError(null);
    subscribe.mutate(check.email, {
      onSuccess: () => {
        setEmail('');
        toast.success(newsletterMessages.subscribed);
      },
      onError: (failure) =>
        toast.error(newsletterMessages.failed, {
          description: failure.message || newsletterMessages.failedFallback,
        }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold text-sm">
        {newsletterLabels.title}
      </h2>
      <p className="mt-2 text-muted-foreground text-sm">{newsletterLabels.lead}</p>
      <div className="mt-4 flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          {newsletterLabels.email}
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder={newsletterLabels.placeholder}
          maxLength={NEWSLETTER_EMAIL_MAX_LENGTH}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          {subscribe.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
          {newsletterLabels.subscribe}
        </Button>
      </div>
      <p id={errorId} role="alert" className="mt-2 min-h-5 text-destructive text-sm">
        {error}
      </p>
    </form>
  );
}
