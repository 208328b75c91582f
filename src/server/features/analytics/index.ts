/**
 * Page-view analytics of the public pages.
 * Code outside the feature uses only what is exported here.
 */
export { registerAnalytics } from './analytics-routes.ts';
