import type { ComponentType } from 'react';
import { DemoWalkthrough } from './demo-walkthrough.tsx';
import { FaqAccordion } from './faq-accordion.tsx';
import { faqs } from './faq-section.tsx';
import { HeroDemo } from './hero-demo.tsx';
import type { IslandProps } from './island.tsx';
import { pricingFaqs } from './pricing-faqs.tsx';
import { ProductPicture } from './product-picture.tsx';
import { SiteFooterView } from './site-footer.tsx';
import { SiteHeaderView } from './site-header-view.tsx';

type IslandComponent = ComponentType<IslandProps>;

/**
 * The islands of the prerendered pages by name, as the prerender renders each of them (the pages
 * are prerendered for signed-out visitors only, so the header shows no account). In the browser,
 * src/web/site/main.ts enhances them, and hydrates the walkthrough with React.
 */
export const islands: Record<string, IslandComponent> = {
  'site-header': ({ isLanding }) => <SiteHeaderView isLanding={isLanding === true} user={null} />,
  'site-footer': ({ isLanding }) => <SiteFooterView isLanding={isLanding === true} />,
  'hero-demo': () => <HeroDemo />,
  'product-picture': () => <ProductPicture />,
  faq: ({ className }) => <FaqAccordion items={faqs} className={String(className ?? '')} />,
  'pricing-faq': ({ className }) => <FaqAccordion items={pricingFaqs} className={String(className ?? '')} />,
  'demo-walkthrough': () => <DemoWalkthrough />,
};
