/**
 * Members, roles, invitations and the audit log.
 * Other features use only what is exported here.
 */
export { recordAudit, recordLeadOpened } from './audit.ts';
export { assertAssignable, assigneeEmailsByProperty } from './members.ts';
