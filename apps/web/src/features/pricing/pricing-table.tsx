import type { Plan, Tier } from '@memoreel/domain';
import { useNavigate } from '@tanstack/react-router';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { pricingContent } from './pricing-content';
import { usePlans } from './product-prices';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

// Lines that say what a plan lacks read as absent, not as features.
function isMissing(feature: string): boolean {
  return feature.startsWith('No ') || feature.includes('not ');
}

function PlanCard({ plan, onSelect }: { plan: Plan; onSelect: () => void }) {
  const selectable = plan.tier === 'free';
  const titleId = `plan-${plan.tier}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6',
        plan.label && 'border-primary/60 shadow-lg shadow-primary/10',
      )}
    >
      {plan.label && (
        <Badge className="-top-3 absolute left-6" variant="default">
          {plan.label}
        </Badge>
      )}
      <h3 id={titleId} className="font-semibold text-lg">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-muted-foreground text-sm">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1.5">
        <span className="font-display font-medium text-4xl tracking-tight">
          {dollars.format(plan.priceCents / 100)}
        </span>
        <span className="text-muted-foreground text-sm">{pricingContent.oneTime}</span>
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm">
        {plan.features
          .filter((feature) => feature !== plan.label)
          .map((feature) => {
            const missing = isMissing(feature);
            const Icon = missing ? Minus : Check;
            return (
              <li key={feature} className={cn('flex gap-2.5', missing && 'text-muted-foreground')}>
                <Icon
                  aria-hidden="true"
                  className={cn('mt-0.5 size-4 shrink-0', !missing && 'text-primary')}
                />
                {feature}
              </li>
            );
          })}
      </ul>
      {selectable ? (
        <Button className="mt-8 w-full" onClick={onSelect}>
          {pricingContent.getStarted}
        </Button>
      ) : (
        <Button className="mt-8 w-full" variant="outline" disabled>
          {pricingContent.comingSoon}
        </Button>
      )}
    </li>
  );
}

/**
 * Spec §2: four plans, only FREE selectable while purchasing is off. Without a handler a chosen
 * plan leads to /select-photos.
 */
export default function PricingTable({ onSelectPlan }: { onSelectPlan?: (tier: Tier) => void }) {
  const plans = usePlans();
  const navigate = useNavigate();
  const select = (tier: Tier) =>
    onSelectPlan ? onSelectPlan(tier) : void navigate({ to: '/select-photos' });
  return (
    <ul aria-label={pricingContent.plansLabel} className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => (
        <PlanCard key={plan.tier} plan={plan} onSelect={() => select(plan.tier)} />
      ))}
    </ul>
  );
}
