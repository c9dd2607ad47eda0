import { planFor, tierOf, upgradeMessages } from '@memoreel/domain';
import { AlertTriangle, Check, Crown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { GraphQLRequestError } from '../../lib/graphql';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useAuth } from '../account/auth-provider';
import { usePurchaseUpgrade, useUpgradeOptions } from '../project/queries';
import { TierBadge } from './tier-badge';
import { formatPrice, type UpgradePrice } from './upgrade-api';

/** Spec §8: the "Coming Soon" toast stays readable before the dialog goes. */
export const COMING_SOON_CLOSE_DELAY_MS = 1_500;

interface UpgradeDialogProps {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the upgrade is offered (a plan rule the project met), shown above the plans. */
  reason?: string;
}

/** "Upgrade Your Project": the plans above the project's tier, each one click from checkout. */
export function UpgradeDialog({ projectId, open, onOpenChange, reason }: UpgradeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogTitle>Upgrade Your Project</DialogTitle>
        <DialogDescription className="mt-1.5">
          A one-time payment for this project: longer videos, more photos and downloads.
        </DialogDescription>
        {reason && (
          <p
            className="mt-4 flex items-start gap-2 rounded-xl border border-primary/30 bg-primary/5 p-3 text-sm"
            data-testid="upgrade-reason"
          >
            <Crown aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {reason}
          </p>
        )}
        {open && <UpgradeChoices projectId={projectId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function UpgradeChoices({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const { isAnonymous } = useAuth();
  const options = useUpgradeOptions(projectId);
  const purchase = usePurchaseUpgrade();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const buy = (productId: string) => {
    if (isAnonymous)
      return toast.error(upgradeMessages.accountRequiredToast.title, {
        description: upgradeMessages.accountRequiredToast.description,
      });
    purchase.mutate(
      { projectId, productId },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          const code = error instanceof GraphQLRequestError ? error.code : '';
          if (code === 'purchases_disabled') {
            toast.info(upgradeMessages.comingSoon.title, {
              description: upgradeMessages.comingSoon.description,
            });
            closeTimer.current = setTimeout(onDone, COMING_SOON_CLOSE_DELAY_MS);
          } else if (code === 'account_required') {
            toast.error(upgradeMessages.accountRequiredToast.title, {
              description: upgradeMessages.accountRequiredToast.description,
            });
          } else {
            toast.error(upgradeMessages.upgradeFailed(error.message));
          }
        },
      },
    );
  };

  if (options.isPending) return <UpgradeChoicesLoading />;
  const unexpected =
    purchase.error &&
    !(
      purchase.error instanceof GraphQLRequestError &&
      ['purchases_disabled', 'account_required'].includes(purchase.error.code)
    );
  if (unexpected) return <UpgradeErrorPanel onRetry={() => purchase.reset()} />;

  const currentTier = tierOf(options.data?.currentTier);
  const choices = options.data?.upgradeOptions ?? [];
  return (
    <div className="mt-5 space-y-4">
      <p className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">Current plan</span> <TierBadge tier={currentTier} />
      </p>
      {currentTier === 'cherish' ? (
        <p className="flex items-center gap-2 rounded-xl border bg-primary/5 p-4 text-sm">
          <Crown aria-hidden="true" className="size-4 text-primary" />
          {upgradeMessages.highestTier}
        </p>
      ) : (
        <ul className="grid gap-3">
          {choices.map((choice) => (
            <UpgradeChoice
              key={choice.productId}
              choice={choice}
              busy={purchase.isPending && purchase.variables?.productId === choice.productId}
              disabled={purchase.isPending}
              onChoose={() => buy(choice.productId)}
            />
          ))}
        </ul>
      )}
      {isAnonymous && currentTier !== 'cherish' && (
        <p className="text-muted-foreground text-xs">{upgradeMessages.accountRequired}.</p>
      )}
    </div>
  );
}

interface UpgradeChoiceProps {
  choice: UpgradePrice;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function UpgradeChoice({ choice, busy, disabled, onChoose }: UpgradeChoiceProps) {
  const tier = tierOf(choice.productId);
  const label = planFor(tier).label;
  return (
    <li className="rounded-xl border p-4 transition-colors hover:border-primary/40">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-display font-medium text-lg">
            {choice.name}
            {label && (
              <span className="rounded-full bg-primary/10 px-2 py-0.5 font-sans text-primary text-xs">
                {label}
              </span>
            )}
          </p>
          <p className="text-muted-foreground text-sm">{choice.description}</p>
        </div>
        <p className="font-medium text-xl">{formatPrice(choice.priceCents, choice.currency)}</p>
      </div>
      <ul className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        {choice.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-primary" />
            {feature}
          </li>
        ))}
      </ul>
      <Button className="mt-4 w-full sm:w-auto" onClick={onChoose} disabled={disabled} aria-busy={busy}>
        {busy ? 'Starting checkout...' : `Upgrade to ${choice.name}`}
      </Button>
    </li>
  );
}

function UpgradeChoicesLoading() {
  return (
    <div className="mt-5 space-y-3" role="status">
      <span className="sr-only">Loading upgrade options...</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  );
}

function UpgradeErrorPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mt-5 flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-6 text-center"
    >
      <AlertTriangle aria-hidden="true" className="size-6 text-destructive" />
      <p className="font-medium">Something went wrong</p>
      <Button variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
