import { useEffect } from 'react';
import { LandingHero } from './landing-hero';
import type { LandingSection } from './landing-section';
import { FeaturesSection, HowItWorksSection, PlaceholderSection } from './landing-sections';

// The router leaves scrolling on these paths to this hook (see router.tsx).
function useScrollToSection(section: LandingSection) {
  useEffect(() => {
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    if (section === 'top') window.scrollTo({ top: 0, behavior });
    else document.getElementById(section)?.scrollIntoView({ behavior, block: 'start' });
  }, [section]);
}

export function LandingPage({ section }: { section: LandingSection }) {
  useScrollToSection(section);
  return (
    <>
      <title>Memoreel · Turn your photos into memorial and celebration videos</title>
      <LandingHero />
      <FeaturesSection />
      <HowItWorksSection />
      <PlaceholderSection id="pricing" eyebrow="Pricing" title="Choose Your Plan">
        Start free, and upgrade a project when it needs a longer video or more photos.
      </PlaceholderSection>
      <PlaceholderSection id="testimonials" eyebrow="Testimonials" title="Stories from our families">
        How people have used Memoreel to remember and to celebrate.
      </PlaceholderSection>
      <PlaceholderSection id="faq" eyebrow="FAQ" title="Frequently asked questions">
        Answers about privacy, music, sharing and downloads.
      </PlaceholderSection>
    </>
  );
}
