import { planFor, tierOf } from '@memoreel/domain';
import { Link } from '@tanstack/react-router';
import { Receipt } from 'lucide-react';
import { type PurchaseRecord, usePurchases } from '../purchases/purchases-api';
import { TierBadge } from '../upgrade/tier-badge';
import { formatPrice } from '../upgrade/upgrade-api';
import { TabEmptyState } from './tab-empty-state';

const purchaseDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The user's paid upgrades, newest first. Loaded on first open (React.lazy). */
export default function PurchasesTab() {
  const { data: purchases } = usePurchases();
  if (purchases.length === 0) {
    return (
      <TabEmptyState icon={Receipt} title="No purchases yet">
        Upgrades you buy for your projects will be listed here.
      </TabEmptyState>
    );
  }
  return (
    <ul aria-label="Purchases" className="divide-y overflow-hidden rounded-2xl border bg-card shadow-sm">
      {purchases.map((purchase) => (
        <PurchaseRow key={purchase.id} purchase={purchase} />
      ))}
    </ul>
  );
}

function PurchaseRow({ purchase }: { purchase: PurchaseRecord }) {
  const tier = tierOf(purchase.productId);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-4 sm:px-5">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
        <Receipt aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{planFor(tier).name} upgrade</p>
        <p className="truncate text-muted-foreground text-sm">
          {purchase.projectName === null ? (
            <span className="italic">Deleted project</span>
          ) : (
            <Link
              to="/project/$projectId/photos"
              params={{ projectId: purchase.projectId }}
              className="underline-offset-4 hover:text-foreground hover:underline focus-visible:text-foreground"
            >
              {purchase.projectName}
            </Link>
          )}
          <span aria-hidden="true"> · </span>
          <time dateTime={purchase.purchasedAt}>{purchaseDate.format(new Date(purchase.purchasedAt))}</time>
        </p>
      </div>
      <TierBadge tier={tier} className="hidden sm:inline-flex" />
      <p className="ml-auto font-medium tabular-nums">
        <span className="sr-only">Paid </span>
        {formatPrice(purchase.amountCents, purchase.currency)}
      </p>
    </li>
  );
}
