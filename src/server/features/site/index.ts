/**
 * The public site's pages, prerendered and served.
 * Code outside the feature uses only what is exported here.
 */
export { registerSite } from './site-routes.ts';
export { createWebPages, isChatEntryPath } from './web-pages.ts';
