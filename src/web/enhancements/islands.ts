import { enhanceAccordion } from './accordion.ts';
import type { Enhancement } from './enhancement.ts';
import { playHeroDemo } from './hero-demo.ts';
import { showImageFailures } from './image-failure.ts';
import { enhanceMenu } from './menu.ts';
import { enhanceFooter } from './section-buttons.ts';
import { playWalkthrough } from './walkthrough.ts';

/**
 * The enhancement of each island of the prerendered pages (src/web/components/marketing/islands.tsx),
 * given the island's own root element. Every island has one: the prerender fails on an island
 * that has none.
 */
export const islandEnhancements: Record<string, Enhancement> = {
  'site-header': enhanceMenu,
  'site-footer': enhanceFooter,
  'hero-demo': playHeroDemo,
  'product-picture': showImageFailures,
  faq: enhanceAccordion,
  'pricing-faq': enhanceAccordion,
  'demo-walkthrough': playWalkthrough,
};
