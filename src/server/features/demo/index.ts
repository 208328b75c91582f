/**
 * The demo agency a newcomer signs in to.
 * Code outside the feature uses only what is exported here.
 */
export { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from './seed-demo.ts';
