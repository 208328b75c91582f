/**
 * Listings and their photos.
 * Code outside the feature uses only what is exported here.
 */
export { photoExists, readPhotoData } from './photos.ts';
export { createProperty, listProperties, updateProperty } from './properties.ts';
export { registerProperties } from './routes.ts';
