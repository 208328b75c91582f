import type { ComponentType } from 'react';
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
 * The islands of the prerendered pages by name, in the script of every such page. The pages are
 * prerendered for signed-out visitors only, so the header shows no account.
 */
export const islands: Record<string, IslandComponent> = {
  'site-header': ({ isLanding }) => <SiteHeaderView isLanding={isLanding === true} user={null} />,
  'site-footer': ({ isLanding }) => <SiteFooterView isLanding={isLanding === true} />,
  'hero-demo': () => <HeroDemo />,
  'product-picture': () => <ProductPicture />,
  faq: ({ className }) => <FaqAccordion items={faqs} className={String(className ?? '')} />,
  'pricing-faq': ({ className }) => <FaqAccordion items={pricingFaqs} className={String(className ?? '')} />,
};

/** Islands of one page only, loaded by the page that has them. */
export const lazyIslands: Record<string, () => Promise<IslandComponent>> = {
  'demo-walkthrough': () => import('./demo-walkthrough.tsx').then((module) => module.DemoWalkthrough),
};
