/**
 * Personal data: export, retention, account closure and log redaction.
 * Code outside the feature uses only what is exported here.
 */

export { withPersonalDataGuards } from './log-redaction.ts';
export { registerPrivacy } from './routes.ts';
