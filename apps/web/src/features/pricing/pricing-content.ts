/** The pricing table's own words; plan names, prices and feature lines come from @memoreel/domain. */
export const pricingContent = {
  eyebrow: 'Pricing',
  title: 'Choose Your Plan',
  lead: 'One-time prices per project. Start free, and upgrade a project when it needs a longer video or more photos.',
  getStarted: 'Get Started',
  comingSoon: 'Coming Soon',
  oneTime: 'one-time',
  plansLabel: 'Plans',
};
