/**
 * Insights: the funnel by property and source, and the weekly summary email.
 * Code outside the feature uses only what is exported here.
 */
export { registerInsights } from './routes.ts';
