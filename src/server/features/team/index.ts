/**
 * Members, roles, invitations and the audit log.
 * Code outside the feature uses only what is exported here.
 */
export { recordAudit, recordLeadOpened } from './audit.ts';
export { assertAssignable, assigneeEmailsByProperty } from './members.ts';
export { registerTeam } from './routes.ts';
