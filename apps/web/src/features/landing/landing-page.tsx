import { useEffect } from 'react';
import { consumePrerenderedStart } from '../../prerender/prerendered-start';
import { PricingSection } from '../pricing/pricing-section';
import { ClosingCallToAction } from './closing-call-to-action';
import { FaqSection } from './faq-section';
import { LandingHero } from './landing-hero';
import type { LandingSection } from './landing-section';
import { FeaturesSection, HowItWorksSection } from './landing-sections';
import { OccasionSections } from './occasion-sections';
import { TestimonialsSection } from './testimonials-section';

/** How long a route keeps its section in view while lazy parts above it (the pricing table) load. */
const FOLLOW_SECTION_MS = 1_500;

// The router leaves scrolling on these paths to this hook (see router.tsx).
function useScrollToSection(section: LandingSection) {
  useEffect(() => {
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    const tookOverPrerenderedPage = consumePrerenderedStart();
    if (section === 'top') {
      // A prerendered page opened at the top; if the reader has scrolled since, leave them there.
      if (!tookOverPrerenderedPage) window.scrollTo({ top: 0, behavior });
      return;
    }
    const target = document.getElementById(section);
    target?.scrollIntoView({ behavior, block: 'start' });
    // A smooth scroll aims at a fixed offset; when content loads above the section mid-way, aim again.
    let first = true;
    const follow = new ResizeObserver(() => {
      if (!first) target?.scrollIntoView({ block: 'start' });
      first = false;
    });
    follow.observe(document.body);
    const stop = setTimeout(() => follow.disconnect(), FOLLOW_SECTION_MS);
    return () => {
      clearTimeout(stop);
      follow.disconnect();
    };
  }, [section]);
}

/** Spec §2: the sections in the spec's order; testimonials sit before pricing as social proof. */
export function LandingPage({ section }: { section: LandingSection }) {
  useScrollToSection(section);
  return (
    <>
      <title>Memoreel · Turn your photos into memorial and celebration videos</title>
      <LandingHero />
      <FeaturesSection />
      <HowItWorksSection />
      <OccasionSections />
      <TestimonialsSection />
      <PricingSection />
      <ClosingCallToAction />
      <FaqSection />
    </>
  );
}
