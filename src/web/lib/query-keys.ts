/**
 * The signed-in app's query keys, all of them. A key's first element is the URL that the default
 * query fetches (lib/query-client.ts), so a key also says where its data comes from.
 */
export const queryKeys = {
  /** GET /api/auth/user: the signed-in user with their company, or null when signed out. */
  user: ['/api/auth/user'],
  /** GET /api/companies: the signed-in user's companies. */
  companies: ['/api/companies'],
  /** GET /api/companies/{id}/dashboard: the company, its counts and every lead. */
  dashboard: (companyId: string) => [`/api/companies/${companyId}/dashboard`] as const,
  /**
   * The same with only the signed-in member's leads ("My leads", `?assignee=me`). Its key begins
   * with the dashboard's, so that invalidating or cancelling the dashboard reaches it too.
   */
  myDashboard: (companyId: string) => [`/api/companies/${companyId}/dashboard`, 'assignee=me'] as const,
  /** GET /api/companies/{id}/properties */
  properties: (companyId: string) => [`/api/companies/${companyId}/properties`] as const,
  /** GET /api/companies/{id}/assignees: the members a lead or listing can be given to. */
  assignees: (companyId: string) => [`/api/companies/${companyId}/assignees`] as const,
  /** GET /api/leads/{id}: one lead with its score breakdown and transcript. */
  lead: (leadId: string) => [`/api/leads/${leadId}`] as const,
  /** GET /api/companies/{id}/insights: the funnel over London days `from`..`to`, grouped. */
  insights: (companyId: string, query: { from: string; to: string; groupBy: 'property' | 'source' }) =>
    [`/api/companies/${companyId}/insights?${new URLSearchParams(query).toString()}`] as const,
} as const;
