import { z } from 'zod';

/** GET /api/public/config: what the public site needs from the server's configuration. */
export const publicConfigSchema = z.object({
  contactEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
