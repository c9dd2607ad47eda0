import { GetStartedButton } from './get-started-button';
import { closingCallToAction } from './landing-content';

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="start-creating-title" className="border-t py-20 sm:py-28">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-3xl border bg-primary/5 px-6 py-14 text-center sm:px-12">
          <div
            aria-hidden="true"
            className="-z-10 absolute inset-0 bg-[radial-gradient(50%_80%_at_50%_100%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent)]"
          />
          <h2
            id="start-creating-title"
            className="text-balance font-display font-medium text-3xl tracking-tight sm:text-4xl"
          >
            {closingCallToAction.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-pretty text-muted-foreground">
            {closingCallToAction.lead}
          </p>
          <GetStartedButton className="mt-8">{closingCallToAction.action}</GetStartedButton>
        </div>
      </div>
    </section>
  );
}
