import { AboutSection } from '#web/components/marketing/about-section.tsx';
import { ContactSection } from '#web/components/marketing/contact-section.tsx';
import { DemoSection } from '#web/components/marketing/demo-section.tsx';
import { FaqSection } from '#web/components/marketing/faq-section.tsx';
import { FeaturesSection } from '#web/components/marketing/features-section.tsx';
import { HeroSection } from '#web/components/marketing/hero-section.tsx';
import { PricingSection } from '#web/components/marketing/pricing-section.tsx';
import { SiteFooter } from '#web/components/marketing/site-footer.tsx';
import { SiteHeader } from '#web/components/marketing/site-header.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { publicPageMeta } from './page-meta.ts';

/** The landing page: the spec's sections in its order (header, hero, demo, features, pricing, about us, FAQ, contact, footer). */
export default function LandingPage() {
  const meta = publicPageMeta['/'];
  usePageTitle(meta.title, meta.description);
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader isLanding />
      <main id="main" className="flex-1">
        <HeroSection />
        <DemoSection />
        <FeaturesSection />
        <PricingSection />
        <AboutSection />
        <FaqSection />
        <ContactSection />
      </main>
      <SiteFooter isLanding />
    </div>
  );
}
