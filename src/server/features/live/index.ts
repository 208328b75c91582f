/**
 * The Live tab: conversations as they happen, and a person taking one over.
 * Code outside the feature uses only what is exported here.
 */
export { registerLive } from './routes.ts';
