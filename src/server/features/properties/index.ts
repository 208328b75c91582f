/**
 * Listings and their photos.
 * Other features use only what is exported here.
 */
export { photoExists, readPhotoData } from './photos.ts';
export { createProperty, listProperties, updateProperty } from './properties.ts';
