/**
 * Listing photos served at the sizes a page asks for.
 * Code outside the feature uses only what is exported here.
 */
export { registerImages } from './images-routes.ts';
