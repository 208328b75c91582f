/**
 * Plans, credits and payment. Other features read and refresh a company's credits through here.
 * Code outside the feature uses only what is exported here.
 */
export { refreshCreditsForOwner, refreshCreditsIfDue } from './credit-resets.ts';
export { registerBilling } from './routes.ts';
