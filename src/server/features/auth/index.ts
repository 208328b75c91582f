/**
 * Accounts, sessions and sign-up; the team feature creates invited members' accounts through here.
 * Code outside the feature uses only what is exported here.
 */
export { authRateLimits } from './rate-limits.ts';
export { registerAuth } from './routes.ts';
export { logIn } from './sessions.ts';
export { createPasswordUser } from './sign-up.ts';
