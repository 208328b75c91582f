// Roles and what each may do, without zod: the dashboard's first screen asks which areas a member
// may use before it loads any schema. #shared/team-roles.ts adds the schemas and re-exports these.

/** What a member of a company may do (docs/team.md has the table). */
export const TEAM_ROLES = ['owner', 'admin', 'negotiator'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A role someone can be invited to or given: there is one owner, made only by a handover. */
export const INVITED_ROLES = ['admin', 'negotiator'] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  negotiator: 'Negotiator',
};

/**
 * What each role may do, by area. `member`: every role; `manager`: owner and admin; `owner`: the
 * owner alone. The server checks these on every company route and the web client hides what a
 * role cannot do, from this one table.
 */
export const AREA_ACCESS = {
  /** Leads, notes, viewings, enquiries, the dashboard, reading listings. */
  leads: 'member',
  /** Adding, editing and deleting listings; the company profile; the viewing schedule. */
  settings: 'manager',
  /** Webhooks and API keys. */
  integrations: 'manager',
  /** The team: invitations, roles, removals; the audit log; the full data export. */
  team: 'manager',
  /** Plans, checkout and the billing portal. */
  billing: 'owner',
  /** Closing the account and deleting the company's data. */
  closure: 'owner',
  /** Handing the company over to an admin. */
  ownership: 'owner',
} as const satisfies Record<string, 'member' | 'manager' | 'owner'>;
export type TeamArea = keyof typeof AREA_ACCESS;

/** Whether a role may use an area (pure; the server and the client share it). */
export function canAccess(role: TeamRole, area: TeamArea): boolean {
  const needed = AREA_ACCESS[area];
  if (needed === 'member') return true;
  if (needed === 'manager') return role === 'owner' || role === 'admin';
  return role === 'owner';
}

/** Why a role cannot use an area: the 403 message and the note the web client shows. */
export const AREA_DENIED_MESSAGES: Record<TeamArea, string> = {
  leads: 'Only members of this company can do this.',
  settings: "Only the company's owner or an admin can change listings and company settings.",
  integrations: "Only the company's owner or an admin can manage webhooks and API keys.",
  team: "Only the company's owner or an admin can manage the team and read the audit log.",
  billing: "Only the company's owner can manage billing.",
  closure: "Only the company's owner can close the account.",
  ownership: "Only the company's owner can hand over ownership.",
};
