/**
 * Plans, credits and payment. Other features read and refresh a company's credits through here.
 * Other features use only what is exported here.
 */
export { refreshCreditsForOwner, refreshCreditsIfDue } from './credit-resets.ts';
