import { AlertTriangle, LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { photosContent } from './photos-content';

const text = photosContent.loading;

/** Spec §2 step 1: 'Loading project...' while the photos come. */
export function PhotosLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary motion-reduce:animate-[spin_1.6s_linear_infinite]"
      />
      <p className="text-muted-foreground text-sm">{text.text}</p>
    </div>
  );
}

/** Spec §2 step 1 error screens: a login prompt for 'Authentication required', else 'Error Loading Project'. */
export function PhotosLoadError({ error }: { error: Error }) {
  if (/Authentication required|Unauthorized/i.test(error.message)) {
    return (
      <LoadProblem icon={<LockKeyhole aria-hidden="true" className="size-6" />} title={text.authTitle}>
        {text.authBody}
      </LoadProblem>
    );
  }
  return (
    <LoadProblem
      icon={<AlertTriangle aria-hidden="true" className="size-6" />}
      title={text.errorTitle}
      action={
        <Button variant="outline" onClick={() => window.location.reload()}>
          {text.tryAgain}
        </Button>
      }
    >
      {error.message}
    </LoadProblem>
  );
}

function LoadProblem({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="flex min-h-[40vh] flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-12 text-center">
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/15">
        {icon}
      </span>
      <h2 className="font-display font-medium text-2xl tracking-tight">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

/** The step's content, or the loading and error screens in its place. */
export function WhenPhotosLoaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PhotosLoading />;
  if (query.isError || query.data === undefined) {
    return <PhotosLoadError error={query.error ?? new Error(text.fallbackError)} />;
  }
  return children(query.data);
}
