/**
 * The lead's life: made from a finished chat (its email and digest), its status, assignee and
 * activity, and the dashboard's reads of it.
 * Code outside the feature uses only what is exported here.
 */
export { recordLeadActivity, setLeadStatusFromViewing } from './activity.ts';
export { leadCreationSql, leadValues } from './lead-creation.ts';
export { LEAD_DIGEST_SECONDS, type LeadEmailPlan, notifyNewLead } from './lead-email.ts';
export { findOwnLead, latestViewingColumns, toLeadFields, toLeadViewing } from './leads.ts';
export { updateCompanyLead } from './pipeline.ts';
export { registerLeads } from './routes.ts';
