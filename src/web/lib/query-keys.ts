/**
 * The signed-in app's shared query keys. A key's first element is the URL that the default query
 * fetches (lib/query-client.ts), so a key also says where its data comes from. The dashboard's
 * own keys are built from its URLs in components/dashboard/dashboard-api.ts.
 */
export const queryKeys = {
  /** GET /api/auth/user: the signed-in user with their company, or null when signed out. */
  user: ['/api/auth/user'],
  /** GET /api/companies: the signed-in user's companies. */
  companies: ['/api/companies'],
} as const;
