import { enhanceAccordion } from './accordion.ts';
import type { Enhancement } from './enhancement.ts';
import { playHeroDemo } from './hero-demo.ts';
import { showImageFailures } from './image-failure.ts';
import { enhanceMenu } from './menu.ts';
import { enhanceFooter } from './section-buttons.ts';

/**
 * The enhancement of each island of the prerendered pages (src/web/components/marketing/islands.tsx),
 * given the island's own root element. An island not named here is hydrated by React.
 */
export const islandEnhancements: Record<string, Enhancement> = {
  'site-header': enhanceMenu,
  'site-footer': enhanceFooter,
  'hero-demo': playHeroDemo,
  'product-picture': showImageFailures,
  faq: enhanceAccordion,
  'pricing-faq': enhanceAccordion,
};
