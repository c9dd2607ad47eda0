import { planFor, type Tier } from '@memoreel/domain';
import { Crown } from 'lucide-react';
import { Badge } from '../../ui/badge';

/** The project's plan by name; paid tiers carry a small crown. */
export function TierBadge({ tier, className }: { tier: Tier; className?: string }) {
  return (
    <Badge variant={tier === 'free' ? 'outline' : 'soft'} className={className}>
      {tier !== 'free' && <Crown aria-hidden="true" />}
      <span className="sr-only">Tier: </span>
      {planFor(tier).name}
    </Badge>
  );
}
