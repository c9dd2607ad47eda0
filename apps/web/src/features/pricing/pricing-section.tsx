import { lazy } from 'react';
import { LoadWhenNear } from '../../shell/load-when-near';
import { useGetStarted } from '../get-started/get-started-provider';
import { Section } from '../landing/section';
import { pricingContent } from './pricing-content';

// The plans come from @memoreel/domain, whose chunk the signed-in app shares with zod; the table
// loads when the section comes near, so the landing page's first download stays light.
const PricingTable = lazy(() => import('./pricing-table'));

export function PricingSection() {
  const { startGetStarted } = useGetStarted();
  return (
    <Section id="pricing" intro={pricingContent} className="border-t">
      <div className="mt-14">
        <LoadWhenNear className="min-h-[124rem] sm:min-h-[62rem] lg:min-h-[31rem]">
          <PricingTable onSelectPlan={startGetStarted} />
        </LoadWhenNear>
      </div>
    </Section>
  );
}
