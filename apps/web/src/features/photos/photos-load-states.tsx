import { AlertTriangle, LockKeyhole, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { IconTile } from '../../ui/icon-tile';
import { LoadingStatus } from '../../ui/loading-status';
import { photosContent } from './photos-content';

const text = photosContent.loading;

/** Spec §2 step 1: 'Loading project...' while the photos come. */
export function PhotosLoading() {
  return <LoadingStatus className="min-h-[40vh]">{text.text}</LoadingStatus>;
}

/** Spec §2 step 1 error screens: a login prompt for 'Authentication required', else 'Error Loading Project'. */
export function PhotosLoadError({ error }: { error: Error }) {
  if (/Authentication required|Unauthorized/i.test(error.message)) {
    return (
      <LoadProblem icon={LockKeyhole} title={text.authTitle}>
        {text.authBody}
      </LoadProblem>
    );
  }
  return (
    <LoadProblem
      icon={AlertTriangle}
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
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="flex min-h-[40vh] flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-12 text-center">
      <IconTile icon={icon} className="mb-5" />
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
