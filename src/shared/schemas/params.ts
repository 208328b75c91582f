import { z } from 'zod';

/*
 * The `:id` of a route's path. Two kinds, kept apart because they answer an odd id differently.
 */

/** Any text: the use case looks it up and answers 404 when it is no row's (or no UUID at all). */
export const idParamsSchema = z.object({ id: z.string() });

/** At most 100 characters: a longer id is refused with a 400 before anything is looked up. */
export const boundedIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
