/**
 * Accounts, sessions and sign-up; the team feature creates invited members' accounts through here.
 * Other features use only what is exported here.
 */
export { authRateLimits } from './rate-limits.ts';
export { logIn } from './sessions.ts';
export { createPasswordUser } from './sign-up.ts';
