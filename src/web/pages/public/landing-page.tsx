import { AboutSection } from '#web/components/marketing/about-section.tsx';
import { ContactSection } from '#web/components/marketing/contact-section.tsx';
import { DemoSection } from '#web/components/marketing/demo-section.tsx';
import { FaqSection } from '#web/components/marketing/faq-section.tsx';
import { FeaturesSection } from '#web/components/marketing/features-section.tsx';
import { HeroSection } from '#web/components/marketing/hero-section.tsx';
import { MarketingLayout } from '#web/components/marketing/marketing-layout.tsx';
import { PricingSection } from '#web/components/marketing/pricing-section.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { publicPageMeta } from './page-meta.ts';

/** The landing page: the spec's sections in its order (header, hero, demo, features, pricing, about us, FAQ, contact, footer). */
export default function LandingPage() {
  const meta = publicPageMeta['/'];
  usePageTitle(meta.title, meta.description);
  return (
    <MarketingLayout isLanding>
      <HeroSection />
      <DemoSection />
      <FeaturesSection />
      <PricingSection />
      <AboutSection />
      <FaqSection />
      <ContactSection />
    </MarketingLayout>
  );
}
