/** The landing page's addresses and the section each one opens at (spec: "/" scrolls to the top). */
export const LANDING_SECTIONS = {
  '/': 'top',
  '/features': 'features',
  '/how-it-works': 'how-it-works',
  '/pricing': 'pricing',
  '/testimonials': 'testimonials',
  '/faq': 'faq',
} as const;

export type LandingSection = (typeof LANDING_SECTIONS)[keyof typeof LANDING_SECTIONS];

export function isLandingPath(pathname: string): boolean {
  return Object.hasOwn(LANDING_SECTIONS, pathname);
}
